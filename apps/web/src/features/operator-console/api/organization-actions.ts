import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrganizationAction,
  AdminOrganizationDetail,
  AdminRefundRequest,
} from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

export type OrganizationActionName =
  'hold' | 'release' | 'refund' | 'revoke-verification' | 'delete';

export interface OrganizationActionInput extends AdminOrganizationAction {
  id: string;
  action: OrganizationActionName;
  /** A refund's timing: when the profile leaves the directory. */
  unpublish?: AdminRefundRequest['unpublish'];
}

/**
 * POST /api/admin/organizations/:id/hold|release|refund|revoke-verification|delete, on the
 * version the operator saw: a deletion answers nothing, the others the organization as it now is.
 */
export function actOnOrganization({
  id,
  action,
  reason,
  version,
  unpublish,
}: OrganizationActionInput): Promise<AdminOrganizationDetail | null> {
  return consoleRequest<{ data: AdminOrganizationDetail } | undefined>(
    `/organizations/${encodeURIComponent(id)}/${action}`,
    {
      method: 'POST',
      body: action === 'refund' ? { reason, version, unpublish } : { reason, version },
    },
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
