import { useMutation } from '@tanstack/react-query';
import { accountDeletionMessages, type DeleteAccountRequest } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { endSessionOnPurpose } from '../../../lib/session';

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
