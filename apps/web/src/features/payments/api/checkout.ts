import { useMutation } from '@tanstack/react-query';
import type { CheckoutSession, CreateCheckoutSessionRequest } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/**
 * POST /api/payments/create-checkout-session: where to pay, the provider's hosted checkout or
 * the built-in test checkout (docs/product.md#payments-and-subscriptions).
 */
export function createCheckoutSession(
  request: CreateCheckoutSessionRequest,
): Promise<CheckoutSession> {
  return apiData<CheckoutSession>('/payments/create-checkout-session', {
    method: 'POST',
    body: request,
  });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
