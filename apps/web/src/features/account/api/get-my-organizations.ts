import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/organization-queries';

/** The signed-in user's own organizations, in any payment state (GET /api/users/organizations). */
export function getMyOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  return apiData<Organization[]>('/users/organizations', { signal });
}

export const myOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.mine,
    queryFn: ({ signal }) => getMyOrganizations(signal),
  });

export function useMyOrganizations() {
  return useQuery(myOrganizationsQueryOptions());
}
