import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MyOrganization, MyRole, Organization } from '@si/contracts';
import { ApiError, apiData } from './api-client';
import { userQueryKey } from './session';

/**
 * The query keys of organizations, shared by every feature that reads or changes one: the
 * directory's lists and counts, the profile, the editor, the payments and the dashboard. One
 * organization is cached under one key, so a save in the editor shows on the profile at once.
 */
export const organizationKeys = {
  all: ['organizations'] as const,
  /** Every directory page, whatever its filter. */
  lists: ['organizations', 'list'] as const,
  list: (filter: object, cursor: string | null) =>
    [...organizationKeys.lists, filter, { cursor }] as const,
  /** Every category count of the directory, whatever its country. */
  facets: ['organizations', 'facets'] as const,
  facetsFor: (country: string | null) => [...organizationKeys.facets, { country }] as const,
  /**
   * Every organization's own copy (answered to its owner even while it is not published); the
   * profile keeps its open roles and milestones under it too.
   */
  details: ['organizations', 'detail'] as const,
  detail: (id: string) => [...organizationKeys.details, id] as const,
  /** The signed-in user's own organizations: under the user's key, forgotten with the user. */
  mine: [...userQueryKey, 'organizations'] as const,
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Organization ids are UUIDs; anything else cannot exist and is answered 'not found' without a request. */
export function isOrganizationId(id: string): boolean {
  return uuidPattern.test(id);
}

/** GET /api/organizations/{id}: published, or the owner's own in any state. */
export function getOrganization(id: string, signal?: AbortSignal): Promise<Organization> {
  if (!isOrganizationId(id)) {
    return Promise.reject(new ApiError(404, 'NOT_FOUND', 'Organization not found'));
  }
  return apiData<Organization>(`/organizations/${encodeURIComponent(id)}`, { signal });
}

export const organizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => getOrganization(id, signal),
    // The route loader has just fetched it: an error is shown, not fetched again on mount.
    retryOnMount: false,
  });

/** GET /api/users/organizations: the signed-in user's organizations, with their role in each. */
export function getMyOrganizations(signal?: AbortSignal): Promise<MyOrganization[]> {
  return apiData<MyOrganization[]>('/users/organizations', { signal });
}

export const myOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.mine,
    queryFn: ({ signal }) => getMyOrganizations(signal),
  });

/**
 * The signed-in user's role in the organization (ADR 047): null when they are no member (or
 * nobody is signed in), undefined while their organizations load. What it allows is
 * `roleCan`'s to say.
 */
export function useMyRole(organizationId: string, userId: string | null | undefined) {
  const { data, isFetching } = useQuery({
    ...myOrganizationsQueryOptions(),
    enabled: Boolean(userId),
  });
  if (!userId) return null;
  if (!data) return undefined;
  const role: MyRole = data.find((one) => one.id === organizationId)?.myRole ?? null;
  // An older list being read again (after a creation, say) may not have it yet: not known.
  return role === null && isFetching ? undefined : role;
}

/**
 * An organization was created, changed or deleted: the directory's lists and counts and the
 * user's own list load again. Resolves once the queries on screen have their new answers.
 */
export async function directoryChanged(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationKeys.lists }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.facets }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.mine }),
  ]);
}
