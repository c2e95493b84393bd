import { newsletterTexts, siteName } from '@si/contracts';
import { actionEmail, type EmailFooter } from './action-email.ts';
import type { EmailMessage } from './message.ts';

/**
 * The monthly digest: the operator's line, the month's new open roles, then each organization
 * first published that month.
 */
export function newsletterDigestEmail(
  email: EmailFooter & {
    to: string;
    /** 'October 2026' */
    month: string;
    line: string;
    organizations: { name: string; line: string; url: string }[];
    /** Roles posted in the digest's time and open now, and the list of every open role. */
    roles: { count: number; organizations: number; url: string };
    directoryUrl: string;
    unsubscribeUrl: string;
  },
): EmailMessage {
  const joined = `${email.organizations.length} ${email.organizations.length === 1 ? 'organization' : 'organizations'} joined ${siteName} in ${email.month}.`;
  const roles =
    email.roles.count > 0
      ? ` ${newsletterTexts.digestRoles(email.roles.count, email.roles.organizations, email.roles.url)}`
      : '';
  return actionEmail({
    to: email.to,
    subject: newsletterTexts.digestSubject(email.month),
    intro: (email.line ? `${email.line} ${joined}` : joined) + roles,
    list: {
      items: email.organizations.map(({ name, line, url }) => ({ title: name, detail: line, url })),
    },
    action: 'Browse the directory',
    url: email.directoryUrl,
    outro: 'You get this email once a month because you confirmed your subscription.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
    unsubscribe: { url: email.unsubscribeUrl, label: newsletterTexts.unsubscribeLabel },
  });
}
