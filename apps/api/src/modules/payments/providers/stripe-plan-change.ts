import type Stripe from 'stripe';
import { plans, type PlanChoice } from '@si/contracts';
import {
  ProviderRefusedError,
  type PaymentProvider,
  type PlanChangeQuote,
  type ProviderInvoice,
} from './provider.ts';
import { idOf, refusedOrUnavailable, toDate, type StripeSettings } from './stripe-client.ts';
import { planOf } from './stripe-subscriptions.ts';

/**
 * A switch's upcoming invoice as the owner is shown it. Between monthly and annual the interval
 * changes, so Stripe restarts the billing period now and invoices at once (always_invoice): the
 * new price for the new period, less the unused time of the old one (negative proration lines).
 * A negative total goes to the customer's credit balance, which Stripe spends on later invoices;
 * the credit after the switch is that balance with the total added (a balance the customer had
 * already counts too). The new period's line (the positive line that ends last) is the price
 * each renewal charges, from its end.
 */
function quoteOf(invoice: Stripe.Invoice, fallbackCents: number): PlanChangeQuote {
  const newPeriod = invoice.lines.data
    .filter((line) => line.amount > 0)
    .sort((a, b) => b.period.end - a.period.end)[0];
  return {
    amountDueNowCents: invoice.amount_due,
    creditCents: Math.max(0, -(invoice.total + (invoice.starting_balance ?? 0))),
    nextRenewalCents: newPeriod?.amount ?? fallbackCents,
    nextRenewalDate: toDate(newPeriod?.period.end ?? invoice.period_end),
    currency: invoice.currency,
  };
}

/** Proration for a switch: invoiced and charged at once, so the new plan is paid when it starts. */
const switchProration = 'always_invoice' as const;

/** A switch between the monthly and annual plans at Stripe, and its preview. */
export function createStripePlanChange(
  stripe: Stripe,
  settings: StripeSettings,
  priceIdFor: (plan: PlanChoice) => Promise<string>,
  readPaidInvoice: (invoiceId: string, within?: unknown) => Promise<ProviderInvoice | null>,
) {
  /**
   * A subscription Stripe can switch to `plan`: live, renewing, on another plan. Its one item is
   * the one whose price is swapped.
   */
  const switchable = (subscription: Stripe.Subscription, plan: PlanChoice) => {
    const item = subscription.items.data[0];
    const live = subscription.status === 'active' || subscription.status === 'trialing';
    const renewing = !subscription.cancel_at_period_end && subscription.cancel_at === null;
    if (!item || !live || !renewing || planOf(subscription, settings.priceIds) === plan) {
      throw new ProviderRefusedError(
        null,
        'subscription',
        'Stripe cannot switch this subscription',
      );
    }
    return item;
  };

  return {
    async previewPlanChange(id, plan) {
      return refusedOrUnavailable(async () => {
        const subscription = await stripe.subscriptions.retrieve(id);
        const item = switchable(subscription, plan);
        const invoice = await stripe.invoices.createPreview({
          subscription: id,
          subscription_details: {
            items: [{ id: item.id, price: await priceIdFor(plan) }],
            proration_behavior: switchProration,
          },
        });
        return quoteOf(invoice, plans[plan].amountCents);
      });
    },

    /**
     * The switch, charged at once (error_if_incomplete: a declined card changes nothing, and
     * Stripe answers a card error). The invoice it paid is read back for the receipt.
     */
    async changePlan(id, plan) {
      return refusedOrUnavailable(async () => {
        const subscription = await stripe.subscriptions.retrieve(id);
        const item = switchable(subscription, plan);
        const updated = await stripe.subscriptions.update(
          id,
          {
            items: [{ id: item.id, price: await priceIdFor(plan) }],
            proration_behavior: switchProration,
            payment_behavior: 'error_if_incomplete',
          },
          // One switch from one period: a retry is the same switch, a later one (back and
          // forth) starts from a new period, so it is a new key.
          { idempotencyKey: `plan-change-${id}-${item.current_period_start}-${plan}` },
        );
        const invoiceId = idOf(updated.latest_invoice);
        return {
          paidInvoice: invoiceId
            ? (within: unknown): Promise<ProviderInvoice | null> =>
                readPaidInvoice(invoiceId, within)
            : null,
        };
      });
    },
  } satisfies Partial<PaymentProvider>;
}
