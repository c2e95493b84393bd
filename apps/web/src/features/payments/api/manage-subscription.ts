import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Redirect, Subscription } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import {
  organizationSubscriptionKey,
  subscriptionListKey,
  subscriptionsKey,
} from './payment-queries';

const subscriptionPath = (organizationId: string, action: string) =>
  `/payments/subscriptions/${encodeURIComponent(organizationId)}/${action}`;

/** POST .../cancel: stops the renewal; the profile stays published until endDate. */
export function cancelSubscription(organizationId: string): Promise<Subscription> {
  return apiData<Subscription>(subscriptionPath(organizationId, 'cancel'), { method: 'POST' });
}

/** POST .../resume: a canceled subscription that has not ended renews again. */
export function resumeSubscription(organizationId: string): Promise<Subscription> {
  return apiData<Subscription>(subscriptionPath(organizationId, 'resume'), { method: 'POST' });
}

/** POST .../billing-portal: the provider's page where the owner manages billing. */
export function openBillingPortal(organizationId: string): Promise<Redirect> {
  return apiData<Redirect>(subscriptionPath(organizationId, 'billing-portal'), {
    method: 'POST',
  });
}

/** The answer shows at once in the lists, then they (and the invoices under them) are read again. */
export function remember(queryClient: QueryClient, subscription: Subscription) {
  queryClient.setQueryData<Subscription[]>(subscriptionListKey, (list) =>
    list?.map((item) =>
      item.organizationId === subscription.organizationId ? subscription : item,
    ),
  );
  queryClient.setQueryData(organizationSubscriptionKey(subscription.organizationId), subscription);
  return queryClient.invalidateQueries({ queryKey: subscriptionsKey });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (subscription) => remember(queryClient, subscription),
  });
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (subscription) => remember(queryClient, subscription),
  });
}

export function useBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
