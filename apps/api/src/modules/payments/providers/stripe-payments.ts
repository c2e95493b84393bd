import Stripe from 'stripe';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type PeriodPayment,
  type ProviderInvoice,
} from './provider.ts';
import { calling, idOf, toDate, underLock } from './stripe-client.ts';

/** A dispute that no longer holds the payment back: won, an inquiry closed, or prevented. */
const settledDisputes: readonly string[] = ['won', 'warning_closed', 'prevented'];

/** A refund the product itself made (a duplicate ended, an operator's refund): already handled. */
const issuedByUs = (refund: Stripe.Refund) =>
  Boolean(refund.metadata?.origin || refund.metadata?.subscription);

/** What a refund or dispute event is about: the charge, or the dispute (which names its charge). */
export type ChargeReference = { charge: string } | { dispute: string };

/**
 * A subscription's payments at Stripe: the latest one refunded, and a refunded or disputed
 * charge or a paid invoice read back.
 */
export function createStripePayments(stripe: Stripe) {
  return {
    /**
     * The latest paid invoice's payment, refunded at Stripe: the invoice, then its payment
     * (invoice payments, API 2025-03-31 on), then a refund of that payment intent. Stripe's own
     * refusal (already refunded, too old) reaches the operator in Stripe's words.
     */
    async refundLatestPayment(id, { within, idempotencyKey, reason, origin } = {}) {
      const refused = (reason: string, cause: unknown = null) =>
        new ProviderRefusedError(cause, 'payment', reason);
      const calls = within ? underLock : {};
      const invoices = await calling(() =>
        stripe.invoices.list({ subscription: id, status: 'paid', limit: 1 }, calls),
      );
      const invoice = invoices.data[0];
      if (!invoice?.id) throw refused('Stripe has no paid invoice for this subscription.');
      const payments = await calling(() =>
        stripe.invoicePayments.list({ invoice: invoice.id!, status: 'paid', limit: 1 }, calls),
      );
      const intent = payments.data[0]?.payment.payment_intent;
      const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
      if (!paymentIntent)
        throw refused("Stripe has no payment for the subscription's last invoice.");
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            reason: reason ?? 'requested_by_customer',
            metadata: { subscription: id, invoice: invoice.id, origin: origin ?? 'operator' },
          },
          { ...calls, ...(idempotencyKey && { idempotencyKey }) },
        );
        return { amountCents: refund.amount };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw refused(error.message, error);
        }
        throw new ProviderUnavailableError(error);
      }
    },

    /**
     * The subscription payment a refund or dispute event is about, read back from Stripe (never
     * taken from the payload): charge, then its payment intent's invoice (invoice payments), then
     * the invoice's subscription and the period its lines paid for. Its hold: disputed while a
     * dispute is open or lost, else refunded when refunded in full by anyone but us. Null for a
     * charge or dispute Stripe does not know, or a payment that is not a subscription's.
     */
    async readPeriodPayment(
      reference: ChargeReference,
      within?: unknown,
    ): Promise<PeriodPayment | null> {
      const calls = within ? underLock : {};
      const notFound = (error: unknown) =>
        error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
      return calling(async () => {
        try {
          const chargeId =
            'charge' in reference
              ? reference.charge
              : idOf((await stripe.disputes.retrieve(reference.dispute, {}, calls)).charge);
          if (!chargeId) return null;
          const charge = await stripe.charges.retrieve(chargeId, {}, calls);
          const intent = idOf(charge.payment_intent);
          if (!intent) return null;
          const payments = await stripe.invoicePayments.list(
            { payment: { type: 'payment_intent', payment_intent: intent }, limit: 1 },
            calls,
          );
          const invoiceId = idOf(payments.data[0]?.invoice);
          if (!invoiceId) return null;
          const invoice = await stripe.invoices.retrieve(invoiceId, {}, calls);
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          const paidFrom = invoice.lines.data[0]?.period.start;
          if (!subscriptionId || paidFrom === undefined) return null;
          const disputes = await stripe.disputes.list({ charge: chargeId, limit: 10 }, calls);
          const refunds = await stripe.refunds.list({ charge: chargeId, limit: 100 }, calls);
          const disputed = disputes.data.some((one) => !settledDisputes.includes(one.status));
          const ours = refunds.data.some(issuedByUs);
          const hold = disputed ? 'disputed' : charge.refunded && !ours ? 'refunded' : null;
          const note =
            hold !== null
              ? null
              : charge.refunded && ours
                ? 'refund issued by the product itself: already handled'
                : charge.amount_refunded > 0
                  ? 'partial refund: publication unchanged'
                  : disputes.data.length > 0
                    ? 'dispute settled in our favour: the period publishes if still paid'
                    : null;
          return { subscriptionId, periodStart: toDate(paidFrom), hold, note };
        } catch (error) {
          if (notFound(error)) return null;
          throw error;
        }
      });
    },

    /**
     * An invoice read back from Stripe (never taken from the event's payload), for its receipt:
     * null unless Stripe knows it, it is paid and it is a subscription's. The period is its
     * first line's (the one a subscription payment buys; the invoice's own period_start/end is
     * the window of pending items), the link its hosted page, else its PDF.
     */
    readPaidInvoice: (invoiceId: string, within?: unknown): Promise<ProviderInvoice | null> =>
      calling(async () => {
        try {
          const invoice = await stripe.invoices.retrieve(invoiceId, {}, within ? underLock : {});
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          const period = invoice.lines.data[0]?.period;
          if (invoice.status !== 'paid' || !invoice.id || !subscriptionId || !period) return null;
          const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
          return {
            id: invoice.id,
            subscriptionId,
            amountCents: invoice.amount_paid,
            currency: invoice.currency,
            periodStart: toDate(period.start),
            periodEnd: toDate(period.end),
            paidAt: toDate(paidAt),
            number: invoice.number ?? null,
            url: invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null,
          };
        } catch (error) {
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.statusCode === 404
          ) {
            return null;
          }
          throw error;
        }
      }),
  } satisfies Partial<PaymentProvider> & Record<string, unknown>;
}
