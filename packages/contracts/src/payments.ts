import { z } from 'zod';
import { OrganizationId, subscriptionTypes } from './organizations.ts';
import {
  GUEST_CODE_MAX_LENGTH,
  paymentHolds,
  planIds,
  subscriptionProviders,
  subscriptionStatuses,
} from './payment-texts.ts';

/** The payments API's requests and answers (docs/product.md#the-api). Words are in payment-texts.ts. */

export const PlanId = z.enum(planIds, { error: 'Plan must be monthly or annual' });

export const CreateCheckoutSessionRequest = z.strictObject({
  organizationId: OrganizationId,
  plan: PlanId,
});
export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequest>;

/** Where to send the owner: the provider's hosted checkout, or the built-in test checkout. */
export const CheckoutSession = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutSession = z.infer<typeof CheckoutSession>;

export const PaymentSessionStatus = z.object({
  sessionId: z.string(),
  organizationId: OrganizationId,
  paid: z.boolean(),
});
export type PaymentSessionStatus = z.infer<typeof PaymentSessionStatus>;

export const Subscription = z.object({
  organizationId: OrganizationId,
  organizationName: z.string(),
  type: z.enum(subscriptionTypes),
  status: z.enum(subscriptionStatuses),
  provider: z.enum(subscriptionProviders),
  startDate: z.iso.datetime(),
  /** End of the paid period or of the guest grant. */
  endDate: z.iso.datetime(),
  /** Set while a failed renewal is in its grace period: the profile is unpublished after it. */
  graceEndDate: z.iso.datetime().nullable(),
  /**
   * Set while the current period's payment is refunded or disputed at the provider: the profile
   * is not published for that period, whatever the status says.
   */
  paymentHold: z.enum(paymentHolds).nullable(),
  /** Whether the profile is in the directory now (an operator may hold it back). */
  published: z.boolean(),
});
export type Subscription = z.infer<typeof Subscription>;

/**
 * A past invoice of one of the owner's organizations: a payment the provider took (a first
 * payment or a renewal), as its receipt email showed it. `url` is the provider's hosted invoice
 * or receipt; null for the built-in test checkout, which takes no money and has no such page.
 */
export const Invoice = z.object({
  id: z.string(),
  organizationId: OrganizationId,
  organizationName: z.string(),
  plan: PlanId,
  provider: z.enum(['stripe', 'test']),
  /** What was charged, in the currency's smallest unit. */
  amountCents: z.number().int(),
  /** ISO 4217, lower case as providers write it ('usd'). */
  currency: z.string(),
  paidAt: z.iso.datetime(),
  /** The period the payment bought. */
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  /** The provider's invoice number, when it gives one. */
  number: z.string().nullable(),
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET /payments/invoices: all of the caller's organizations, or the one named. */
export const InvoiceListQuery = z.object({ organizationId: OrganizationId.optional() });
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

export const ApplyGuestCodeRequest = z.strictObject({
  organizationId: OrganizationId,
  code: z
    .string({ error: 'Enter a guest code' })
    .trim()
    .min(1, 'Enter a guest code')
    .max(GUEST_CODE_MAX_LENGTH, 'Invalid guest code'),
});
export type ApplyGuestCodeRequest = z.infer<typeof ApplyGuestCodeRequest>;

/** What the built-in test checkout page shows. */
export const TestCheckout = z.object({
  sessionId: z.string(),
  organizationId: OrganizationId,
  organizationName: z.string(),
  plan: PlanId,
  amountCents: z.number().int(),
  currency: z.literal('usd'),
  open: z.boolean(),
});
export type TestCheckout = z.infer<typeof TestCheckout>;

/** A switch of a live subscription to the other plan (monthly to annual, or annual to monthly). */
export const ChangePlanRequest = z.strictObject({ plan: PlanId });
export type ChangePlanRequest = z.infer<typeof ChangePlanRequest>;

/** GET .../plan-preview?plan=: the plan to preview a switch to. */
export const PlanPreviewQuery = z.object({ plan: PlanId });
export type PlanPreviewQuery = z.infer<typeof PlanPreviewQuery>;

/**
 * What a switch to `plan` would charge, as the provider works it out (Stripe's upcoming invoice
 * preview; the test checkout's own rule, ADR 013): now, with the unused part of the current
 * period credited, and at the next renewal. Amounts in the currency's smallest unit.
 */
export const PlanChangePreview = z.object({
  organizationId: OrganizationId,
  plan: PlanId,
  /** Charged at once when the switch is made. */
  amountDueNowCents: z.number().int(),
  /** Unused time worth more than the new plan: kept by the provider against later renewals. */
  creditCents: z.number().int(),
  /** The new plan's price each period, and the first renewal's date (before any credit). */
  nextRenewalCents: z.number().int(),
  nextRenewalDate: z.iso.datetime(),
  /** Renewals the credit pays in full: nothing is taken from the card for them. */
  renewalsFromCredit: z.number().int().min(0),
  /**
   * The first renewal the card pays for, with what is left of the credit taken off, and its
   * date; then the plan's price each period.
   */
  firstCardChargeCents: z.number().int(),
  firstCardChargeDate: z.iso.datetime(),
  /** ISO 4217, lower case as providers write it ('usd'). */
  currency: z.string(),
});
export type PlanChangePreview = z.infer<typeof PlanChangePreview>;

/** Where the browser goes next (the success or cancel URL, or the billing portal). */
export const Redirect = z.object({ url: z.string() });
export type Redirect = z.infer<typeof Redirect>;
