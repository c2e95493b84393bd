import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrganizationDetail, AdminRoleAction } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

export interface RoleActionInput extends AdminRoleAction {
  organizationId: string;
  roleId: string;
  action: 'hold' | 'release';
}

/**
 * POST /api/admin/organizations/:id/roles/:roleId/hold|release, on the role as the operator saw
 * it: the answer is the organization as it now is.
 */
export function actOnRole({
  organizationId,
  roleId,
  action,
  ...body
}: RoleActionInput): Promise<AdminOrganizationDetail> {
  return consoleRequest<{ data: AdminOrganizationDetail }>(
    `/organizations/${encodeURIComponent(organizationId)}/roles/${encodeURIComponent(roleId)}/${action}`,
    { method: 'POST', body },
  ).then((answer) => answer.data);
}

export function useRoleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnRole,
    onSuccess: (detail, { organizationId }) => {
      queryClient.setQueryData(consoleKeys.organization(organizationId), detail);
      // The overview's figures and the audit log moved too. Not awaited, as for a profile's hold.
      void queryClient.invalidateQueries({
        queryKey: consoleKeys.all,
        predicate: ({ queryKey }) =>
          JSON.stringify(queryKey) !== JSON.stringify(consoleKeys.organization(organizationId)),
      });
    },
  });
}
