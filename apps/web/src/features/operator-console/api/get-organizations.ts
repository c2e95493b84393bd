import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrganizationRow, OrganizationState } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';
import type { ConsolePage } from './console-page';

export interface OrganizationSearch {
  q?: string | undefined;
  state?: OrganizationState | undefined;
  page: number;
}

/** GET /api/admin/organizations: by name, owner email or id, and by state; 50 a page. */
export function getOrganizations(
  query: OrganizationSearch,
  signal?: AbortSignal,
): Promise<ConsolePage<AdminOrganizationRow>> {
  return consoleRequest('/organizations', { query: { ...query }, signal });
}

export const organizationsQueryOptions = (query: OrganizationSearch) =>
  queryOptions({
    queryKey: consoleKeys.organizationList(query),
    queryFn: ({ signal }) => getOrganizations(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useConsoleOrganizations(query: OrganizationSearch) {
  return useQuery(organizationsQueryOptions(query));
}
