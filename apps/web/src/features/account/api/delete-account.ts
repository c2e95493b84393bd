import { useMutation, useQuery } from '@tanstack/react-query';
import {
  accountDeletionMessages,
  type AccountDeletionPreview,
  type DeleteAccountRequest,
} from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { endSessionOnPurpose, userQueryKey } from '../../../lib/session';

/** GET /api/users/me/deletion: the organizations deleting the account deletes (ADR 047). */
export function useAccountDeletionPreview() {
  return useQuery({
    queryKey: [...userQueryKey, 'deletion'],
    queryFn: ({ signal }) => apiData<AccountDeletionPreview>('/users/me/deletion', { signal }),
  });
}

/** DELETE /api/users/me: deletes the account and everything it owns, and clears the session. */
export function deleteAccount(input: DeleteAccountRequest): Promise<{ deleted: true }> {
  endSessionOnPurpose();
  return apiData<{ deleted: true }>('/users/me', {
    method: 'DELETE',
    body: input,
    sessionRefresh: false,
    fallbackMessage: accountDeletionMessages.failed,
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
