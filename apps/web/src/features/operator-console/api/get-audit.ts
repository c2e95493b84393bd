import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';
import type { ConsolePage } from './console-page';

export interface AuditSearch {
  q?: string | undefined;
  page: number;
}

/** GET /api/admin/audit: the log, newest first, searched by operator, action, record or reason. */
export function getAudit(
  query: AuditSearch,
  signal?: AbortSignal,
): Promise<ConsolePage<AuditEntry>> {
  return consoleRequest('/audit', { query: { ...query }, signal });
}

export const auditQueryOptions = (query: AuditSearch) =>
  queryOptions({
    queryKey: consoleKeys.audit(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAudit(query: AuditSearch) {
  return useQuery(auditQueryOptions(query));
}
