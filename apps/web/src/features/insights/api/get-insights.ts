import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Insights, InsightPeriod } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

export const insightsKey = (organizationId: string) => ['insights', organizationId] as const;

/** The insights export's address: a plain link downloads it with the session cookie. */
export const insightsCsvUrl = (organizationId: string, days: InsightPeriod) =>
  `/api/organizations/${encodeURIComponent(organizationId)}/insights.csv?days=${days}`;

/** GET /api/organizations/:id/insights: the last `days` days, and the period before. */
export function getInsights(
  organizationId: string,
  days: InsightPeriod,
  signal?: AbortSignal,
): Promise<Insights> {
  return apiData<Insights>(
    `/organizations/${encodeURIComponent(organizationId)}/insights?days=${days}`,
    { signal },
  );
}

export const insightsQueryOptions = (organizationId: string, days: InsightPeriod) =>
  queryOptions({
    queryKey: [...insightsKey(organizationId), days],
    queryFn: ({ signal }) => getInsights(organizationId, days, signal),
  });

/** Switching the period keeps the last numbers on screen until the new ones arrive. */
export function useInsights(organizationId: string, days: InsightPeriod) {
  return useQuery({
    ...insightsQueryOptions(organizationId, days),
    placeholderData: keepPreviousData,
  });
}
