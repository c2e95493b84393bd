import { queryOptions, useQuery } from '@tanstack/react-query';
import { publishesNow, type Subscription } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { organizationSubscriptionKey } from './payment-queries';

/** GET /api/payments/subscription/{organizationId}: the latest subscription, or null for none. */
export function getSubscription(
  organizationId: string,
  signal?: AbortSignal,
): Promise<Subscription | null> {
  return apiData<Subscription | null>(
    `/payments/subscription/${encodeURIComponent(organizationId)}`,
    { signal },
  );
}

/** Read afresh whenever a page that decides on it opens: a payment may have landed meanwhile. */
export const subscriptionQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationSubscriptionKey(organizationId),
    queryFn: ({ signal }) => getSubscription(organizationId, signal),
    staleTime: 0,
  });

export function useSubscription(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...subscriptionQueryOptions(organizationId),
    enabled: options.enabled ?? true,
  });
}

/**
 * Whether the subscription keeps the profile published and editable (contracts decide): a live
 * status, and its period's payment not refunded or disputed.
 */
export function isLiveSubscription(subscription: Subscription | null | undefined): boolean {
  return Boolean(subscription && publishesNow(subscription));
}
