import { newsletterTexts } from '@si/contracts';
import type { EmailMessage } from './message.ts';
import { actionEmail, type EmailFooter } from './action-email.ts';

/**
 * Sent once an address is confirmed (ADR 037): the subscriber's first newsletter email, so
 * that the way out, link and List-Unsubscribe headers as in the digest, is there from day one.
 */
export function newsletterWelcomeEmail(
  email: EmailFooter & { to: string; directoryUrl: string; unsubscribeUrl: string },
): EmailMessage {
  return actionEmail({
    to: email.to,
    subject: newsletterTexts.welcomeEmailSubject,
    intro: newsletterTexts.welcomeEmailIntro(email.to),
    action: newsletterTexts.welcomeEmailAction,
    url: email.directoryUrl,
    outro: newsletterTexts.welcomeEmailOutro,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
    unsubscribe: { url: email.unsubscribeUrl, label: newsletterTexts.unsubscribeLabel },
  });
}
