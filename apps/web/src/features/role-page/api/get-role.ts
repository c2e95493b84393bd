import { queryOptions } from '@tanstack/react-query';
import type { Role } from '@si/contracts';
import { ApiError, apiData } from '../../../lib/api-client';
import { isOrganizationId } from '../../../lib/organization-queries';

/**
 * GET /api/organizations/{id}/roles/{roleId}: an open role of a published organization. One no
 * longer open answers 410 (ApiError.isGone), an unknown one 404; ids that are no UUIDs are
 * answered 'not found' without a request.
 */
export function getPublicRole(
  organizationId: string,
  roleId: string,
  signal?: AbortSignal,
): Promise<Role> {
  if (!isOrganizationId(organizationId) || !isOrganizationId(roleId)) {
    return Promise.reject(new ApiError(404, 'NOT_FOUND', 'Role not found'));
  }
  return apiData<Role>(
    `/organizations/${encodeURIComponent(organizationId)}/roles/${encodeURIComponent(roleId)}`,
    { signal },
  );
}

export const publicRoleQueryOptions = (organizationId: string, roleId: string) =>
  queryOptions({
    queryKey: ['roles', 'public', organizationId, roleId] as const,
    queryFn: ({ signal }) => getPublicRole(organizationId, roleId, signal),
    // The route loader has just fetched it: an error is shown, not fetched again on mount.
    retryOnMount: false,
  });
