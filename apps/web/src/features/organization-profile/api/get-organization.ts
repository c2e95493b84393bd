import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@si/contracts';
import { ApiError, apiData } from '../../../lib/api-client';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Organization ids are UUIDs; anything else cannot exist and is answered 'not found' without a request. */
export function isOrganizationId(id: string): boolean {
  return uuidPattern.test(id);
}

export function getOrganization(id: string, signal?: AbortSignal): Promise<Organization> {
  if (!isOrganizationId(id)) {
    return Promise.reject(new ApiError(404, 'NOT_FOUND', 'Organization not found'));
  }
  return apiData<Organization>(`/organizations/${encodeURIComponent(id)}`, { signal });
}

export const organizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['organizations', 'detail', id],
    queryFn: ({ signal }) => getOrganization(id, signal),
    // The route loader has just fetched it: an error is shown, not fetched again on mount.
    retryOnMount: false,
  });

export function useOrganization(id: string) {
  return useQuery(organizationQueryOptions(id));
}
