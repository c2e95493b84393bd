import Stripe from 'stripe';
import type { PlanChoice } from '@si/contracts';
import { ProviderRefusedError, ProviderUnavailableError } from './provider.ts';
import type { CheckoutSwitches } from './stripe-checkout-options.ts';

export interface StripeSettings extends CheckoutSwitches {
  secretKey: string;
  /**
   * Price ids set up in Stripe's dashboard (required in production); without them, a price per
   * plan is made once from the plans and found again by its lookup key.
   */
  priceIds: Partial<Record<PlanChoice, string>>;
  /** Where Stripe's API is (tests point it at a local stand-in); unset: Stripe itself. */
  apiUrl?: string | undefined;
}

export const toDate = (seconds: number) => new Date(seconds * 1000);
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe's official SDK, at Stripe itself or at the address the settings name. */
export function createStripeClient(settings: StripeSettings) {
  const address = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(address && {
      host: address.hostname,
      port: Number(address.port || (address.protocol === 'https:' ? 443 : 80)),
      protocol: address.protocol === 'http:' ? 'http' : 'https',
    }),
  });
  return stripe;
}

/** For calls under the organization's lock: short, and never retried (see readSubscription). */
export const underLock = { timeout: 5_000, maxNetworkRetries: 0 };

/** Any failure reaching Stripe: nothing was changed on our side. */
export const calling = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw new ProviderUnavailableError(error);
  }
};

/** Stripe's refusals (a card declined, a canceled subscription) apart from its outages. */
export const refusedOrUnavailable = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderRefusedError) throw error;
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new ProviderRefusedError(error, 'payment', error.message);
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      throw new ProviderRefusedError(error, 'subscription', error.message);
    }
    throw new ProviderUnavailableError(error);
  }
};
