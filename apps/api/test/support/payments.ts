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
