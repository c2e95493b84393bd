import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserAction } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

export type UserActionName = 'disable' | 'enable' | 'delete';

export interface UserActionInput extends AdminUserAction {
  id: string;
  action: UserActionName;
}

/** POST /api/admin/users/:id/disable|enable|delete, saying why (204). */
export function actOnUser({ id, action, reason }: UserActionInput): Promise<unknown> {
  return consoleRequest(`/users/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: { reason },
  });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnUser,
    onSuccess: (_answer, { id, action }) => {
      const detailKey = JSON.stringify(consoleKeys.user(id));
      // The user, their organizations (held or released), the lists and the log all moved; a
      // deleted user's page is left as it is (the caller leaves it). Not awaited: the caller's
      // own success runs at once.
      void queryClient.invalidateQueries({
        queryKey: consoleKeys.all,
        predicate: ({ queryKey }) => action !== 'delete' || JSON.stringify(queryKey) !== detailKey,
      });
    },
  });
}
