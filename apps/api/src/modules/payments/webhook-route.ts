import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, paymentErrorCodes } from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import { chargeReferenceOf, paidInvoiceIdOf, subscriptionIdOf } from './providers/stripe-events.ts';
import type { StripeProvider } from './providers/stripe-provider.ts';
import type { PaymentService } from './service.ts';
import { alertCodes } from '../../metrics/alert-codes.ts';

/** Stripe's events are small; anything much larger is not one of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/payments/webhook: Stripe's signed events. The signature is checked on the raw
 * bytes (so this route parses JSON itself), each event id is handled once, and the event's
 * subscription is read back from Stripe rather than taken from the payload, so events may come
 * in any order, any number of times. The answer comes once the change is committed; a failure
 * answers 500 and Stripe delivers the event again.
 */
export const paymentWebhookRoute: FastifyPluginAsyncZod<{
  payments: PaymentService;
  stripe: StripeProvider;
  webhookSecret: string;
  /**
   * Called once per delivery with the event's type ('unsigned' when the signature fails) and
   * its outcome: applied, duplicate, ignored, rejected or failed (GET /metrics counts them).
   */
  onEvent?: (type: string, outcome: string) => void;
}> = async (app, { payments, stripe, webhookSecret, onEvent = () => {} }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/payments/webhook',
    {
      // Authenticated by its signature, never by cookies: the one route the cross-site check skips.
      // A failure here (500, Stripe delivers again) is logged with its own code by the error handler.
      config: { crossSiteExempt: true, failureCode: alertCodes.webhookFailed, access: 'public' },
      schema: {
        tags: ['payments'],
        summary: "Stripe's webhook (signed events about checkouts, invoices and subscriptions)",
        description:
          'Verifies the Stripe-Signature header on the raw body. Handles checkout.session.completed, invoice.paid, invoice.payment_failed, customer.subscription.updated and customer.subscription.deleted, and the refund and dispute events charge.refunded, charge.dispute.created and charge.dispute.closed; other events are acknowledged and ignored.',
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        response: {
          200: z.object({ received: z.literal(true), outcome: z.string() }),
          400: ErrorBody,
        },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (!signature || !Buffer.isBuffer(body)) {
        onEvent('unsigned', 'rejected');
        throw new AppError(400, paymentErrorCodes.invalidSignature, 'Missing Stripe signature.');
      }
      let event;
      try {
        event = await stripe.webhooks.constructEventAsync(body, signature, webhookSecret);
      } catch {
        // Anybody can post here, so a refusal is a warning; every delivery refused (a wrong
        // STRIPE_WEBHOOK_SECRET) shows in GET /metrics as rejected with nothing applied.
        onEvent('unsigned', 'rejected');
        request.log.warn(
          { code: alertCodes.webhookRejected },
          'payment event with a bad signature',
        );
        throw new AppError(400, paymentErrorCodes.invalidSignature, 'Invalid Stripe signature.');
      }
      const checkoutSessionId =
        event.type === 'checkout.session.completed' ? event.data.object.id : null;
      const received = { id: event.id, type: event.type };
      const charge = chargeReferenceOf(event);
      const outcome = await (
        charge
          ? payments.handleChargeEvent(received, charge)
          : payments.handleProviderEvent(
              received,
              subscriptionIdOf(event),
              checkoutSessionId,
              paidInvoiceIdOf(event),
            )
      ).catch((error: unknown) => {
        onEvent(event.type, 'failed');
        throw error;
      });
      onEvent(event.type, outcome);
      request.log.info({ event: event.id, type: event.type, outcome }, 'payment event');
      return { received: true as const, outcome };
    },
  );
};
