import type { PaymentHold, PlanChoice } from '@si/contracts';
import type { Database } from '../../../db/client.ts';

/** A subscription as its provider reports it, in the product's terms. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** From the subscription's own metadata: which organization it pays for. */
  organizationId: string | null;
  userId: string | null;
  plan: PlanChoice;
  /** `ended`: canceled or expired at the provider; `incomplete`: never paid. */
  state: 'active' | 'past_due' | 'ended' | 'incomplete';
  cancelAtPeriodEnd: boolean;
  periodStart: Date;
  periodEnd: Date;
  /**
   * What the provider says of the current period's payment: taken back (`refunded` in full, or
   * `disputed` and not won), or null when it stands. Undefined when this read does not tell
   * (Stripe's subscriptions do not carry it: its charges are read on their own events), and
   * what was recorded for the same period stays.
   */
  periodHold?: PaymentHold | null;
}

/**
 * A payment of a subscription that was refunded or disputed, as its provider reports it now:
 * which subscription and period it paid for, and whether it holds that period back.
 */
export interface PeriodPayment {
  subscriptionId: string;
  /** The start of the period the payment paid for. */
  periodStart: Date;
  hold: PaymentHold | null;
  /** Why there is no hold, for the log: a partial refund, our own refund, a dispute won. */
  note: string | null;
}

/**
 * A paid invoice as its provider reports it: what a receipt shows. The period is the one the
 * payment bought (Stripe: its lines' period), `url` the provider's hosted page for it.
 */
export interface ProviderInvoice {
  id: string;
  subscriptionId: string;
  amountCents: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date;
  number: string | null;
  url: string | null;
}

/**
 * What a switch to another plan charges, as the provider works it out: now (the new plan's
 * price less the unused part of the current period), the unused part left over as credit, and
 * the next renewal's amount and date. Amounts in the currency's smallest unit.
 */
export interface PlanChangeQuote {
  amountDueNowCents: number;
  creditCents: number;
  nextRenewalCents: number;
  nextRenewalDate: Date;
  currency: string;
}

export interface CheckoutRequest {
  /** Makes a retried create return the first one's session (Stripe idempotency key). */
  idempotencyKey: string;
  customerId: string;
  userId: string;
  organizationId: string;
  organizationName: string;
  plan: PlanChoice;
  successUrl: string;
  cancelUrl: string;
}

/**
 * What the product asks of a payment provider. Two real implementations: Stripe, and the
 * built-in test checkout of the embedded default. Fulfilment never trusts what a caller says
 * about a subscription: it reads it from here.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** The provider's customer for a user: `existing` if there is one, else a new one. */
  createCustomer(user: { id: string; email: string; name: string | null }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Whether the checkout has been paid, and the subscription it started. */
  readCheckout(sessionId: string): Promise<{ paid: boolean; subscriptionId: string | null }>;
  /**
   * Closes an open checkout so that its link can no longer be paid (a newer checkout of the same
   * organization replaces it). `paid`: it was paid before it could be closed, starting
   * `subscriptionId`; `closed`: it can no longer be paid (closed now, or before).
   */
  expireCheckout(
    sessionId: string,
  ): Promise<{ outcome: 'closed' } | { outcome: 'paid'; subscriptionId: string | null }>;
  /**
   * null when the provider does not know the id. `within`: the transaction in progress, for a
   * provider that keeps its records in the product's database (the test checkout).
   */
  readSubscription(id: string, within?: Database): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<void>;
  /** Ends the subscription now, with no further charges (deleting its organization). */
  cancelNow(id: string, within?: Database): Promise<void>;
  /**
   * What switching the subscription to `plan` would charge (Stripe's upcoming invoice preview).
   * Refused (ProviderRefusedError) when the provider's state does not allow a change.
   */
  previewPlanChange(id: string, plan: PlanChoice): Promise<PlanChangeQuote>;
  /**
   * Switches the subscription to `plan` with proration, charging what previewPlanChange said.
   * Refused when its state does not allow it, or (subject `payment`) the charge was declined:
   * then nothing changed. Answers how to read back the invoice the switch paid, for its receipt.
   */
  changePlan(
    id: string,
    plan: PlanChoice,
  ): Promise<{ paidInvoice: ((within: Database) => Promise<ProviderInvoice | null>) | null }>;
  /** A page where the customer manages cards, cancels or resumes; null where there is none. */
  billingPortalUrl(customerId: string, returnUrl: string): Promise<string | null>;
  /**
   * Refunds the subscription's latest payment in full (an operator's refund). Refused, with the
   * provider's own words, when there is no such payment or it was refunded already.
   */
  refundLatestPayment(
    subscriptionId: string,
    options?: {
      /** The transaction in progress, under the organization's lock (see readSubscription). */
      within?: Database;
      /** Makes a retried refund return the first one (a duplicate refunded once). */
      idempotencyKey?: string;
      /** Why, as the provider records it. */
      reason?: 'requested_by_customer' | 'duplicate';
      /**
       * Who issued it, kept with the refund at the provider: its own refund event is then
       * recognised as already handled (a duplicate ended, an operator's choice of end).
       */
      origin?: 'duplicate' | 'operator';
    },
  ): Promise<{ amountCents: number }>;
}

/** Any failure talking to the provider: nothing was changed on our side. */
export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment provider unavailable', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

/**
 * The provider answered, and refused: `customer` when the stored customer is unknown to it, else
 * the subscription's state there does not allow the change (read it back).
 */
export class ProviderRefusedError extends Error {
  constructor(
    cause: unknown,
    readonly subject: 'customer' | 'subscription' | 'payment' = 'subscription',
    /** The provider's reason, for the operator who asked (a refund refused). */
    readonly reason?: string,
  ) {
    super('payment provider refused the request', { cause });
    this.name = 'ProviderRefusedError';
  }
}
