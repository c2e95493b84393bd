import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrganizationDetail } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

/** GET /api/admin/organizations/:id: the organization, its owner, subscriptions and reports. */
export function getConsoleOrganization(
  id: string,
  signal?: AbortSignal,
): Promise<AdminOrganizationDetail> {
  return consoleRequest<{ data: AdminOrganizationDetail }>(
    `/organizations/${encodeURIComponent(id)}`,
    { signal },
  ).then((body) => body.data);
}

export const consoleOrganizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: consoleKeys.organization(id),
    queryFn: ({ signal }) => getConsoleOrganization(id, signal),
    staleTime: 0,
  });

export function useConsoleOrganization(id: string) {
  return useQuery(consoleOrganizationQueryOptions(id));
}
