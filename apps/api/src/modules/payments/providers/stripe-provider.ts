import type { PaymentProvider } from './provider.ts';
import { createStripeCheckout } from './stripe-checkout.ts';
import { createStripeClient, type StripeSettings } from './stripe-client.ts';
import { createStripePayments } from './stripe-payments.ts';
import { createStripePlanChange } from './stripe-plan-change.ts';
import { createStripePrices } from './stripe-prices.ts';
import { createStripeSubscriptions } from './stripe-subscriptions.ts';

/**
 * Stripe through its official SDK: one customer per user, Checkout in subscription mode with the
 * organization in the subscription's own metadata, an idempotency key on every create.
 */
export function createStripeProvider(settings: StripeSettings) {
  const stripe = createStripeClient(settings);
  const { priceIdFor, priceMismatches } = createStripePrices(stripe, settings);
  const payments = createStripePayments(stripe);
  return {
    name: 'stripe',
    /** For the webhook route: checks signatures with the SDK. */
    webhooks: stripe.webhooks,
    ...createStripeCheckout(stripe, settings, priceIdFor),
    ...createStripeSubscriptions(stripe, settings),
    ...createStripePlanChange(stripe, settings, priceIdFor, payments.readPaidInvoice),
    ...payments,
    priceMismatches,
  } satisfies PaymentProvider & Record<string, unknown>;
}
export type StripeProvider = ReturnType<typeof createStripeProvider>;
