import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { subscriptionListKey } from './payment-queries';

/** GET /api/payments/subscriptions: the user's subscriptions, the latest of each organization. */
export function getSubscriptions(signal?: AbortSignal): Promise<Subscription[]> {
  return apiData<Subscription[]>('/payments/subscriptions', { signal });
}

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionListKey,
    queryFn: ({ signal }) => getSubscriptions(signal),
  });

export function useMySubscriptions() {
  return useQuery(subscriptionsQueryOptions());
}
