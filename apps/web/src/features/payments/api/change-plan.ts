import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanChangePreview, PlanChoice, Subscription } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { remember } from './manage-subscription';
import { subscriptionsKey } from './payment-queries';

const path = (organizationId: string, action: string) =>
  `/payments/subscriptions/${encodeURIComponent(organizationId)}/${action}`;

/** GET .../plan-preview: what a switch to `plan` would charge now and at the next renewal. */
export function getPlanPreview(
  organizationId: string,
  plan: PlanChoice,
  signal?: AbortSignal,
): Promise<PlanChangePreview> {
  return apiData<PlanChangePreview>(`${path(organizationId, 'plan-preview')}?plan=${plan}`, {
    signal,
  });
}

/** POST .../change-plan: the switch, charged with proration; answers the new subscription. */
export function changePlan({
  organizationId,
  plan,
}: {
  organizationId: string;
  plan: PlanChoice;
}): Promise<Subscription> {
  return apiData<Subscription>(path(organizationId, 'change-plan'), {
    method: 'POST',
    body: { plan },
  });
}

/**
 * The preview, asked afresh each time the dialog opens (the amount now changes with every day)
 * and never kept: it is only true for the moment it was asked.
 */
export function usePlanPreview(organizationId: string, plan: PlanChoice, enabled: boolean) {
  return useQuery({
    queryKey: [...subscriptionsKey, 'plan-preview', organizationId, plan],
    queryFn: ({ signal }) => getPlanPreview(organizationId, plan, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    // The switch's payment is a new invoice: the invoices are read again with the subscriptions.
    onSuccess: (subscription) => remember(queryClient, subscription),
  });
}
