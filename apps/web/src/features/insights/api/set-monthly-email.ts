import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Insights } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { insightsKey } from './get-insights';

/** PUT /api/organizations/:id/insights/monthly-email: the owner's monthly summary on or off. */
export function setMonthlyEmail({
  organizationId,
  on,
}: {
  organizationId: string;
  on: boolean;
}): Promise<{ on: boolean }> {
  return apiData<{ on: boolean }>(
    `/organizations/${encodeURIComponent(organizationId)}/insights/monthly-email`,
    { method: 'PUT', body: { on } },
  );
}

export function useSetMonthlyEmail(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => setMonthlyEmail({ organizationId, on }),
    onSuccess: ({ on }) => {
      // Every period's answer carries the setting.
      for (const [key] of queryClient.getQueriesData<Insights>({
        queryKey: insightsKey(organizationId),
      })) {
        queryClient.setQueryData<Insights>(key, (insights) =>
          insights ? { ...insights, monthlyEmail: on } : insights,
        );
      }
    },
  });
}
