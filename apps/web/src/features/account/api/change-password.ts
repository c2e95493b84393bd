import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/**
 * POST /api/auth/change-password; other sessions of the account are signed out. A wrong current
 * password is an answer here, not a lost session.
 */
export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<unknown> {
  return apiData('/auth/change-password', {
    method: 'POST',
    body: { ...input, revokeOtherSessions: true },
    sessionRefresh: false,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
