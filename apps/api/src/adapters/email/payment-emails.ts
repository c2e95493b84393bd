import { formatAmount, formatMoney, siteName } from '@si/contracts';
import { actionEmail } from './action-email.ts';
import { dashboardLink, longDate, type PaymentEmail } from './owner-email.ts';

export function subscriptionActiveEmail(email: PaymentEmail & { profileUrl: string }) {
  return actionEmail({
    to: email.to,
    subject: `${email.organizationName} is live on ${siteName}`,
    intro: `Thank you! The subscription for ${email.organizationName} is active and its profile is now public in the directory.`,
    action: 'View the profile',
    url: email.profileUrl,
    outro: 'You can see your plan, its dates and manage it from your dashboard at any time.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

export function paymentFailedEmail(email: PaymentEmail & { graceUntil: Date }) {
  return actionEmail({
    to: email.to,
    subject: `Payment failed for ${email.organizationName}`,
    intro: `We could not take the renewal payment for ${email.organizationName}. Its profile stays public until ${longDate(email.graceUntil)}; if the payment has not gone through by then, the profile is hidden from the directory (never deleted).`,
    action: 'Update your billing details',
    url: dashboardLink(email.publicUrl),
    outro: 'If you have already updated your card, there is nothing more to do.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/**
 * The receipt of one paid invoice (a first payment or a renewal), once per invoice: the
 * organization, plan, amount and the period it pays for, and the provider's own page for the
 * invoice (`receiptUrl`); without one (the built-in test checkout) the owner's invoice list.
 */
export function paymentReceiptEmail(
  email: PaymentEmail & {
    planName: string;
    amountCents: number;
    currency: string;
    periodStart: Date;
    periodEnd: Date;
    invoiceNumber: string | null;
    receiptUrl: string | null;
  },
) {
  const amount = formatMoney(email.amountCents, email.currency);
  const invoice = email.invoiceNumber ? ` (invoice ${email.invoiceNumber})` : '';
  return actionEmail({
    to: email.to,
    subject: `Receipt for ${email.organizationName}: ${amount}`,
    intro: `Thank you for your payment of ${amount}${invoice} for ${email.organizationName} on the ${email.planName} plan, for the period from ${longDate(email.periodStart)} to ${longDate(email.periodEnd)}.`,
    action: email.receiptUrl ? 'View your receipt' : 'See your invoices',
    url: email.receiptUrl ?? dashboardLink(email.publicUrl),
    outro: email.receiptUrl
      ? 'Every past invoice is also listed under My Subscriptions in your dashboard.'
      : 'This payment was made in the test checkout: no card was charged, so there is no receipt page. It is listed under My Subscriptions in your dashboard.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/**
 * A second checkout of an organization already paid for was paid too (two tabs, two links): its
 * subscription was ended at once and its payment refunded (ADR 013). `amountCents`: null when
 * the provider had no payment left to refund.
 */
export function duplicatePaymentRefundedEmail(
  email: PaymentEmail & { amountCents: number | null },
) {
  const refunded =
    email.amountCents === null
      ? 'any payment it took is refunded'
      : `its payment of ${formatAmount(email.amountCents)} has been refunded to the card it came from`;
  return actionEmail({
    to: email.to,
    subject: `Second payment for ${email.organizationName} refunded`,
    intro: `${email.organizationName} was already paid for when a second checkout for it was paid. We ended that second subscription at once, and ${refunded}; refunds take 5 to 10 days to show on a statement. Your first subscription is unchanged and the profile stays public.`,
    action: 'See your subscriptions',
    url: dashboardLink(email.publicUrl),
    outro: 'There is nothing you need to do.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/**
 * The current period's payment was refunded in full at the payment provider (not by the product
 * itself): the profile is out of the directory for that period (ADR 013).
 */
export function paymentRefundedEmail(email: PaymentEmail) {
  return actionEmail({
    to: email.to,
    subject: `Payment for ${email.organizationName} refunded: not published`,
    intro: `The payment for the current period of ${email.organizationName} has been refunded, so its profile is no longer public in the directory. Nothing was deleted. If the subscription renews, the next period's payment publishes it again.`,
    action: 'See your subscriptions',
    url: dashboardLink(email.publicUrl),
    outro: 'If you did not expect this refund, reply to this email or write to us.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/**
 * The current period's payment is disputed with the card's bank (a chargeback): the profile is
 * out of the directory unless the dispute is decided in our favour (ADR 013).
 */
export function paymentDisputedEmail(email: PaymentEmail) {
  return actionEmail({
    to: email.to,
    subject: `Payment for ${email.organizationName} disputed: not published`,
    intro: `The payment for the current period of ${email.organizationName} has been disputed with the card's bank, so its profile is no longer public in the directory. Nothing was deleted. If the dispute is decided in our favour while the period is still paid for, the profile is published again.`,
    action: 'See your subscriptions',
    url: dashboardLink(email.publicUrl),
    outro: 'If you did not mean to dispute this payment, contact your bank or write to us.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

export function publicationEndingEmail(email: PaymentEmail & { endsAt: Date }) {
  return actionEmail({
    to: email.to,
    subject: `${email.organizationName} leaves the directory on ${longDate(email.endsAt)}`,
    intro: `The subscription for ${email.organizationName} ends on ${longDate(email.endsAt)}. After that its profile is hidden from the directory; nothing is deleted.`,
    action: 'Keep it published',
    url: dashboardLink(email.publicUrl),
    outro: 'If you meant to let it end, there is nothing to do.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

export function publicationEndedEmail(email: PaymentEmail) {
  return actionEmail({
    to: email.to,
    subject: `${email.organizationName} is no longer in the directory`,
    intro: `The subscription for ${email.organizationName} has ended, so its profile is now hidden from the directory. Nothing was deleted: subscribe again and it is public at once.`,
    action: 'Subscribe again',
    url: dashboardLink(email.publicUrl),
    outro: 'Thank you for having been part of the directory.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}
