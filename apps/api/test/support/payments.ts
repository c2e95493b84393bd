import { expect } from 'vitest';
import type { CheckoutSession, PlanChoice, Redirect } from '@si/contracts';
import type { Body } from './accounts.ts';
import type { Agent } from './browser-agent.ts';

/**
 * Pays for an organization the way its owner does on the embedded default: a checkout session,
 * then Pay in the built-in test checkout. Returns the session id.
 */
export async function payInTestCheckout(
  owner: Agent,
  organizationId: string,
  plan: PlanChoice = 'monthly',
): Promise<string> {
  const checkout = await owner.post<Body<CheckoutSession>>(
    '/api/payments/create-checkout-session',
    { organizationId, plan },
  );
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const { sessionId } = checkout.body.data;
  const paid = await owner.post<Body<Redirect>>(`/api/payments/test-checkout/${sessionId}/pay`, {});
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return sessionId;
}

/**
 * Stripe settings that register the webhook route, for suites that only need it refused on its
 * signature: nothing listens at the API address, and nothing is ever sent there.
 */
export const unreachableStripe = {
  STRIPE_SECRET_KEY: 'sk_test_security_suite',
  STRIPE_WEBHOOK_SECRET: 'whsec_security_suite',
  STRIPE_API_URL: 'http://127.0.0.1:9',
};
