import { NEWSLETTER_CONFIRMATION_DAYS, newsletterTexts, siteName } from '@si/contracts';
import { actionEmail, type EmailFooter } from './action-email.ts';
import type { EmailMessage } from './message.ts';

/** The double opt-in's email: the link that makes a pending address a subscriber (ADR 033). */
export function newsletterConfirmationEmail(
  email: EmailFooter & { to: string; confirmUrl: string },
): EmailMessage {
  return actionEmail({
    to: email.to,
    subject: newsletterTexts.confirmEmailSubject,
    intro: `Someone, we hope you, asked to receive the ${siteName} newsletter at ${email.to}: once a month, the organizations that joined the directory. Confirm to start receiving it.`,
    action: 'Confirm my subscription',
    url: email.confirmUrl,
    outro: `The link works for ${NEWSLETTER_CONFIRMATION_DAYS} days. If you did not ask for it, ignore this email: without a confirmation we send nothing more and forget the address.`,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}
