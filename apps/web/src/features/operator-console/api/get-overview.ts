import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

/** GET /api/admin/overview: the business on one screen, and 90 days of it. */
export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return consoleRequest<{ data: AdminOverview }>('/overview', { signal }).then((body) => body.data);
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: consoleKeys.overview(),
    queryFn: ({ signal }) => getOverview(signal),
    staleTime: 0,
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
