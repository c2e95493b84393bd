import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription, SubscriptionStatus } from '@si/contracts';
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
 * The statuses that keep a profile published and editable, as the server decides them: paid,
 * canceled (until its end) and past_due (within its grace). The server moves a subscription to
 * expired when its time is up, so the status alone tells.
 */
const liveStatuses: ReadonlySet<SubscriptionStatus> = new Set(['paid', 'canceled', 'past_due']);

export function isLiveSubscription(subscription: Subscription | null | undefined): boolean {
  return Boolean(subscription && liveStatuses.has(subscription.status));
}
