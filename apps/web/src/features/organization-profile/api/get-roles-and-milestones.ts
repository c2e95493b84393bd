import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Milestone, Role } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { isOrganizationId, organizationKeys } from '../../../lib/organization-queries';

const organizationPath = (id: string) => `/organizations/${encodeURIComponent(id)}`;

/** GET /api/organizations/{id}/roles: the open roles, newest first (ADR 042). */
export const openRolesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...organizationKeys.detail(id), 'roles'],
    queryFn: ({ signal }) => apiData<Role[]>(`${organizationPath(id)}/roles`, { signal }),
    // The route loader has just asked: an error is not asked again on mount.
    retryOnMount: false,
  });

/** GET /api/organizations/{id}/milestones: newest first. */
export const milestonesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...organizationKeys.detail(id), 'milestones'],
    queryFn: ({ signal }) => apiData<Milestone[]>(`${organizationPath(id)}/milestones`, { signal }),
    retryOnMount: false,
  });

/** The profile's open roles and milestones; an id that is no UUID asks for neither. */
export function useRolesAndMilestones(id: string) {
  const enabled = isOrganizationId(id);
  return {
    roles: useQuery({ ...openRolesQueryOptions(id), enabled }).data ?? [],
    milestones: useQuery({ ...milestonesQueryOptions(id), enabled }).data ?? [],
  };
}

/** The route loader's part: both asked for at once (an id that is no UUID asks for neither). */
export async function prefetchRolesAndMilestones(
  queryClient: QueryClient,
  id: string,
): Promise<void> {
  if (!isOrganizationId(id)) return;
  await Promise.all([
    queryClient.prefetchQuery(openRolesQueryOptions(id)),
    queryClient.prefetchQuery(milestonesQueryOptions(id)),
  ]);
}
