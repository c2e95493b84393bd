import { planIds, type PlanChoice } from '@si/contracts';
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

const stripeProviderOf = (config: Config, secretKey: string) =>
  createStripeProvider({
    secretKey,
    priceIds: { monthly: config.STRIPE_PRICE_MONTHLY, annual: config.STRIPE_PRICE_ANNUAL },
    apiUrl: config.STRIPE_API_URL,
    automaticTax: config.STRIPE_AUTOMATIC_TAX,
    promotionCodes: config.STRIPE_PROMOTION_CODES,
  });

/** Chooses the providers from the settings (the server and the operator CLI alike). */
export function createPaymentProviders(config: Config, db: Database): PaymentProviders {
  const test = createTestProvider(db, config.publicUrl);
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? {
          provider: stripeProviderOf(config, config.STRIPE_SECRET_KEY),
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

const priceSettings = {
  monthly: 'STRIPE_PRICE_MONTHLY',
  annual: 'STRIPE_PRICE_ANNUAL',
} as const satisfies Record<PlanChoice, keyof Config>;

/**
 * A production server's check at start (docs/operations/production.md): the configured Stripe
 * prices exist and charge what the plans say. A line naming the setting for each one that does
 * not, or for Stripe not answering (nothing could be checked); none without Stripe or without
 * price ids.
 */
export async function stripePriceProblems(config: Config): Promise<string[]> {
  if (!config.STRIPE_SECRET_KEY) return [];
  try {
    const mismatches = await stripeProviderOf(config, config.STRIPE_SECRET_KEY).priceMismatches();
    return mismatches.map(
      ({ plan, priceId, problem }) => `${priceSettings[plan]}: ${priceId} ${problem}`,
    );
  } catch (error) {
    const configured = planIds.filter((plan) => config[priceSettings[plan]]);
    const reason = error instanceof Error ? error.message : String(error);
    return [
      `${configured.map((plan) => priceSettings[plan]).join(', ')}: could not be checked with Stripe (${reason})`,
    ];
  }
}
