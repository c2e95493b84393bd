import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyGuestCodeRequest, Subscription } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { publicationChanged } from './payment-queries';

/** POST /api/payments/apply-guest-code: the server alone decides whether a code is good. */
export function applyGuestCode(request: ApplyGuestCodeRequest): Promise<Subscription> {
  return apiData<Subscription>('/payments/apply-guest-code', { method: 'POST', body: request });
}

export function useApplyGuestCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyGuestCode,
    // Not awaited: the editor the owner goes to reads what it needs afresh.
    onSuccess: (_subscription, { organizationId }) =>
      void publicationChanged(queryClient, organizationId),
  });
}
