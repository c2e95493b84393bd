import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrganizationAction, AdminOrganizationDetail } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

export type OrganizationActionName = 'hold' | 'release' | 'delete';

export interface OrganizationActionInput extends AdminOrganizationAction {
  id: string;
  action: OrganizationActionName;
}

/**
 * POST /api/admin/organizations/:id/hold|release|delete, on the version the operator saw: a
 * hold or release answers the organization as it now is, a deletion nothing.
 */
export function actOnOrganization({
  id,
  action,
  reason,
  version,
}: OrganizationActionInput): Promise<AdminOrganizationDetail | null> {
  return consoleRequest<{ data: AdminOrganizationDetail } | undefined>(
    `/organizations/${encodeURIComponent(id)}/${action}`,
    { method: 'POST', body: { reason, version } },
  ).then((body) => body?.data ?? null);
}

export function useOrganizationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnOrganization,
    onSuccess: (detail, { id }) => {
      const detailKey = JSON.stringify(consoleKeys.organization(id));
      if (detail) queryClient.setQueryData(consoleKeys.organization(id), detail);
      // Lists, reports and the log all moved; a deleted organization's page is left as it is
      // (the caller leaves it). Not awaited: the caller's own success runs at once, before a
      // refetch could unmount it.
      void queryClient.invalidateQueries({
        queryKey: consoleKeys.all,
        predicate: ({ queryKey }) => detail !== null || JSON.stringify(queryKey) !== detailKey,
      });
    },
  });
}
