import { subscriptionTypeNames } from './auth-texts.ts';
import { subscriptionStatusNames } from './payment-texts.ts';

/** Who runs a subscription, as the console names it (subscriptionProviders). */
const providerNames: Record<string, string> = {
  stripe: 'Stripe',
  test: 'Test checkout',
  guest: 'Guest code',
};

const nameIn = (names: Record<string, string>, value: string) =>
  Object.hasOwn(names, value) ? names[value]! : value;

/**
 * The console's words for the values it is answered with (the API keeps its stored values:
 * `yearly`, `past_due`, `stripe`). A value this build has no word for is shown as it is, so a
 * new one is seen rather than hidden.
 */
export const consoleValueNames = {
  /** A subscription's type: Monthly, Annual, Guest code. */
  plan: (value: string) => nameIn(subscriptionTypeNames, value),
  /** A subscription's state, as owners see it named: Active, Ending, Payment failed, Lapsed. */
  subscriptionStatus: (value: string) => nameIn(subscriptionStatusNames, value),
  provider: (value: string) => nameIn(providerNames, value),
} as const;
