import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSavedSearchStats } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

/** GET /api/admin/saved-searches: how many searches are saved, and the alert job's last run. */
export function getSavedSearchStats(signal?: AbortSignal): Promise<AdminSavedSearchStats> {
  return consoleRequest<{ data: AdminSavedSearchStats }>('/saved-searches', { signal }).then(
    (body) => body.data,
  );
}

export function useSavedSearchStats() {
  return useQuery(
    queryOptions({
      queryKey: [...consoleKeys.all, 'saved-searches'],
      queryFn: ({ signal }) => getSavedSearchStats(signal),
      staleTime: 0,
    }),
  );
}
