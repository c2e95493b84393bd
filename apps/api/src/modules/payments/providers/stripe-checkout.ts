import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { PlanChoice } from '@si/contracts';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentProvider,
} from './provider.ts';
import { checkoutSwitchParams } from './stripe-checkout-options.ts';
import { calling, type StripeSettings } from './stripe-client.ts';

/**
 * One customer per user, Checkout in subscription mode with the organization in the
 * subscription's own metadata, and the billing portal.
 */
export function createStripeCheckout(
  stripe: Stripe,
  settings: StripeSettings,
  priceIdFor: (plan: PlanChoice) => Promise<string>,
) {
  return {
    createCustomer: (user) =>
      calling(async () => {
        const customer = await stripe.customers.create(
          { email: user.email, name: user.name ?? undefined, metadata: { userId: user.id } },
          { idempotencyKey: `customer-${user.id}` },
        );
        return customer.id;
      }),

    createCheckout: async (request) => {
      try {
        const metadata = {
          organizationId: request.organizationId,
          userId: request.userId,
          plan: request.plan,
        };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: request.customerId,
            client_reference_id: request.organizationId,
            line_items: [{ price: await priceIdFor(request.plan), quantity: 1 }],
            subscription_data: {
              metadata,
              description: `${request.organizationName} on Scaling Impact`,
            },
            metadata,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            ...checkoutSwitchParams(settings),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        // A stored customer Stripe no longer has (deleted, or of the other mode's keys).
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.param === 'customer'
        ) {
          throw new ProviderRefusedError(error, 'customer');
        }
        throw new ProviderUnavailableError(error);
      }
    },

    readCheckout: (sessionId) =>
      calling(async () => {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const subscription =
          typeof session.subscription === 'string'
            ? session.subscription
            : (session.subscription?.id ?? null);
        return {
          paid:
            session.status === 'complete' &&
            (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
          subscriptionId: subscription,
        };
      }),

    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return { outcome: 'closed' as const };
      } catch (error) {
        // Stripe expires only an open session: this one was paid or closed meanwhile.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
          throw new ProviderUnavailableError(error);
        }
      }
      const session = await calling(() => stripe.checkout.sessions.retrieve(sessionId));
      if (session.status !== 'complete') return { outcome: 'closed' as const };
      const subscription = session.subscription;
      return {
        outcome: 'paid' as const,
        subscriptionId:
          typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
      };
    },

    billingPortalUrl: (customerId, returnUrl) =>
      calling(async () => {
        const portal = await stripe.billingPortal.sessions.create(
          { customer: customerId, return_url: returnUrl },
          { idempotencyKey: `portal-${randomUUID()}` },
        );
        return portal.url;
      }),
  } satisfies Partial<PaymentProvider>;
}
