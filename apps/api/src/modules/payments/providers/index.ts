import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { createStripeProvider, type StripeProvider } from './stripe-provider.ts';
import { createTestProvider, type TestProvider } from './test-provider.ts';
import type { PaymentProvider } from './provider.ts';

export interface PaymentProviders {
  /** The one checkouts go to: Stripe when configured, else the built-in test checkout. */
  current: PaymentProvider;
  /** Always there: test-mode subscriptions stay manageable after Stripe is configured. */
  test: TestProvider;
  stripe: { provider: StripeProvider; webhookSecret: string } | null;
  /** The provider that runs a subscription, or null if it is not configured here. */
  byName(name: 'stripe' | 'test' | 'guest'): PaymentProvider | null;
}

/** Chooses the providers from the settings (the server and the operator CLI alike). */
export function createPaymentProviders(config: Config, db: Database): PaymentProviders {
  const test = createTestProvider(db, config.publicUrl);
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? {
          provider: createStripeProvider({
            secretKey: config.STRIPE_SECRET_KEY,
            priceIds: { monthly: config.STRIPE_PRICE_MONTHLY, annual: config.STRIPE_PRICE_ANNUAL },
            apiUrl: config.STRIPE_API_URL,
          }),
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        }
      : null;
  return {
    current: stripe?.provider ?? test,
    test,
    stripe,
    byName: (name) =>
      name === 'test' ? test : name === 'stripe' ? (stripe?.provider ?? null) : null,
  };
}
