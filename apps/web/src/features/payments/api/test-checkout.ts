import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Redirect, TestCheckout } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { subscriptionsKey } from './payment-queries';

const checkoutPath = (sessionId: string) =>
  `/payments/test-checkout/${encodeURIComponent(sessionId)}`;

/** GET /api/payments/test-checkout/{sessionId}: 404 unless the caller's and in test mode. */
export function getTestCheckout(sessionId: string, signal?: AbortSignal): Promise<TestCheckout> {
  return apiData<TestCheckout>(checkoutPath(sessionId), { signal });
}

export const testCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: [...subscriptionsKey, 'test-checkout', sessionId],
    queryFn: ({ signal }) => getTestCheckout(sessionId, signal),
    staleTime: 0,
  });

export function useTestCheckout(sessionId: string) {
  return useQuery(testCheckoutQueryOptions(sessionId));
}

/** POST .../pay or .../cancel: answers where the browser goes next (success or cancel URL). */
export function finishTestCheckout({
  sessionId,
  outcome,
}: {
  sessionId: string;
  outcome: 'pay' | 'cancel';
}): Promise<Redirect> {
  return apiData<Redirect>(`${checkoutPath(sessionId)}/${outcome}`, { method: 'POST' });
}

export function useFinishTestCheckout() {
  return useMutation({ mutationFn: finishTestCheckout });
}
