import { newsletterTexts, siteName } from '@si/contracts';
import { actionEmail, type EmailFooter } from './action-email.ts';
import type { EmailMessage } from './message.ts';

/** The monthly digest: the operator's line, then each organization first published that month. */
export function newsletterDigestEmail(
  email: EmailFooter & {
    to: string;
    /** 'October 2026' */
    month: string;
    line: string;
    organizations: { name: string; line: string; url: string }[];
    directoryUrl: string;
    unsubscribeUrl: string;
  },
): EmailMessage {
  const joined = `${email.organizations.length} ${email.organizations.length === 1 ? 'organization' : 'organizations'} joined ${siteName} in ${email.month}.`;
  return actionEmail({
    to: email.to,
    subject: newsletterTexts.digestSubject(email.month),
    intro: email.line ? `${email.line} ${joined}` : joined,
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
