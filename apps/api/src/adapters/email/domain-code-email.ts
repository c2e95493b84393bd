import { VERIFICATION_CODE_TTL_MINUTES, domainVerificationTexts, siteName } from '@si/contracts';
import { actionEmail, type EmailFooter } from './action-email.ts';
import type { EmailMessage } from './message.ts';

/** The code that proves an organization runs a domain, sent to an address on it (ADR 032). */
export function domainCodeEmail(
  email: EmailFooter & {
    to: string;
    code: string;
    domain: string;
    organizationName: string;
    editorUrl: string;
  },
): EmailMessage {
  return actionEmail({
    to: email.to,
    subject: domainVerificationTexts.codeEmailSubject(email.domain),
    intro: `Your code is ${email.code}. Enter it in the editor of ${email.organizationName} on ${siteName} within ${VERIFICATION_CODE_TTL_MINUTES} minutes to show that the organization runs ${email.domain}.`,
    action: 'Open the editor',
    url: email.editorUrl,
    outro: `If nobody at ${email.domain} asked for this, ignore this email: without the code, nothing changes.`,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}
