import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReopenRoleRequest, Role, RoleInputFields, RoleInsight } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/organization-queries';

/*
 * The owner's calls on an organization's roles (ADR 042): every role with its status, and the
 * writes. Each write refreshes the list: a role's status is the server's to say (its clock
 * decides expiry), so the page never works it out.
 */

const rolesPath = (organizationId: string) =>
  `/organizations/${encodeURIComponent(organizationId)}/roles`;
const rolePath = (organizationId: string, roleId: string) =>
  `${rolesPath(organizationId)}/${encodeURIComponent(roleId)}`;

export const ownerRolesKey = (organizationId: string) => ['owner-roles', organizationId] as const;

export const ownerRolesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ownerRolesKey(organizationId),
    queryFn: ({ signal }) =>
      apiData<Role[]>(rolesPath(organizationId), { query: { status: 'all' }, signal }),
  });

/** GET /api/organizations/:id/roles?status=all: open, closed, expired and held, newest first. */
export function useOwnerRoles(organizationId: string) {
  return useQuery(ownerRolesQueryOptions(organizationId));
}

/**
 * GET /api/organizations/:id/insights/roles: each role's page views and Apply clicks since it
 * was posted, by role id (a role nothing was counted for is absent).
 */
export function useRoleInsights(organizationId: string) {
  return useQuery({
    queryKey: ['owner-role-insights', organizationId],
    queryFn: ({ signal }) =>
      apiData<RoleInsight[]>(
        `/organizations/${encodeURIComponent(organizationId)}/insights/roles`,
        { signal },
      ).then((list) => new Map(list.map((entry) => [entry.roleId, entry]))),
  });
}

export type RoleWrite =
  | { kind: 'create'; input: RoleInputFields }
  | { kind: 'update'; roleId: string; input: RoleInputFields }
  | { kind: 'close'; roleId: string }
  | { kind: 'reopen'; roleId: string; input: ReopenRoleRequest }
  | { kind: 'delete'; roleId: string };

function sendRoleWrite(organizationId: string, write: RoleWrite): Promise<unknown> {
  switch (write.kind) {
    case 'create':
      return apiData<Role>(rolesPath(organizationId), { method: 'POST', body: write.input });
    case 'update':
      return apiData<Role>(rolePath(organizationId, write.roleId), {
        method: 'PUT',
        body: write.input,
      });
    case 'close':
      return apiData<Role>(`${rolePath(organizationId, write.roleId)}/close`, { method: 'POST' });
    case 'reopen':
      return apiData<Role>(`${rolePath(organizationId, write.roleId)}/reopen`, {
        method: 'POST',
        body: write.input,
      });
    case 'delete':
      return apiData(rolePath(organizationId, write.roleId), { method: 'DELETE' });
  }
}

/** One mutation for every write on the owner's roles; the list is read again after each. */
export function useRoleWrite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: RoleWrite) => sendRoleWrite(organizationId, write),
    // The profile's copy too (kept under the organization's key): the owner may look at it next.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownerRolesKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) }),
      ]),
  });
}
