import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReport } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';
import type { ConsolePage } from './console-page';

export interface ReportQuery {
  status: 'open' | 'resolved';
  page: number;
}

/** GET /api/admin/reports: the open queue oldest first, or the resolved ones. */
export function getReports(
  query: ReportQuery,
  signal?: AbortSignal,
): Promise<ConsolePage<AdminReport>> {
  return consoleRequest('/reports', { query: { ...query }, signal });
}

export const reportsQueryOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: consoleKeys.reportList(query),
    queryFn: ({ signal }) => getReports(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useReports(query: ReportQuery) {
  return useQuery(reportsQueryOptions(query));
}
