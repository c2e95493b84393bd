import type { Database } from '../../db/client.ts';
import type { PaymentContext } from './payment-context.ts';
import { atProvider } from './payment-errors.ts';
import type { ChargeReference } from './providers/stripe-payments.ts';

/** Verified Stripe events (the webhook): subscriptions, paid invoices, refunds and disputes. */
export function createProviderEventHandling(context: PaymentContext) {
  const { options, db, repository, providers, fulfilment, provider, refresh } = context;

  return {
    /**
     * A verified Stripe event: reads its subscription back from Stripe and applies it. A paid
     * invoice's (invoice.paid) is read back too, under the organization's lock, for its receipt.
     */
    async handleProviderEvent(
      event: { id: string; type: string },
      subscriptionId: string | null,
      checkoutSessionId: string | null,
      paidInvoiceId: string | null = null,
    ) {
      if (!subscriptionId) return 'ignored' as const;
      const stripe = providers.stripe?.provider;
      const paidInvoice =
        paidInvoiceId && stripe
          ? (within: Database) => stripe.readPaidInvoice(paidInvoiceId, within)
          : undefined;
      const outcome = await atProvider(() =>
        refresh(provider.name as 'stripe', subscriptionId, { event, paidInvoice }),
      );
      if (checkoutSessionId) {
        const row = await repository.findSession(db, checkoutSessionId);
        if (row && row.status !== 'complete') {
          await repository.updateSession(db, row.id, { status: 'complete', subscriptionId });
        }
      }
      return outcome;
    },

    /**
     * A verified refund or dispute event: its charge is read back from Stripe to find the
     * subscription and the period it paid for, then applied as any event is, the charge read
     * again under the organization's lock. A charge that is no subscription payment of ours
     * (unknown to Stripe, a one-off payment) changes nothing and is logged.
     */
    async handleChargeEvent(event: { id: string; type: string }, reference: ChargeReference) {
      const stripe = providers.stripe?.provider;
      if (!stripe) return 'ignored' as const;
      const payment = await atProvider(() => stripe.readPeriodPayment(reference));
      if (!payment) {
        options.logger?.warn(
          { event: event.id, type: event.type, ...reference },
          'refund or dispute of a charge that pays no known subscription: nothing changed',
        );
        return 'ignored' as const;
      }
      return atProvider(() =>
        fulfilment.apply(stripe, payment.subscriptionId, {
          event,
          periodPayment: (within) => stripe.readPeriodPayment(reference, within),
        }),
      );
    },
  };
}
