/**
 * The product's emails, one file per kind, in the one layout of action-email.ts: callers import
 * them from here.
 */
export type { EmailFooter } from './action-email.ts';
export { passwordResetEmail, verificationEmail } from './account-emails.ts';
export { domainCodeEmail } from './domain-code-email.ts';
export { insightsSummaryEmail } from './insights-summary-email.ts';
export { invitationEmail } from './invitation-email.ts';
export { newsletterConfirmationEmail } from './newsletter-confirmation-email.ts';
export { newsletterDigestEmail } from './newsletter-digest-email.ts';
export {
  badgeRevokedEmail,
  ownerAddedEmail,
  profileHeldEmail,
  profileReleasedEmail,
} from './operator-action-emails.ts';
export { roleHeldEmail, roleReleasedEmail } from './role-hold-emails.ts';
export {
  duplicatePaymentRefundedEmail,
  paymentDisputedEmail,
  paymentFailedEmail,
  paymentReceiptEmail,
  paymentRefundedEmail,
  publicationEndedEmail,
  publicationEndingEmail,
  subscriptionActiveEmail,
} from './payment-emails.ts';
