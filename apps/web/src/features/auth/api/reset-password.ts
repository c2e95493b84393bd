import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** POST /api/auth/reset-password with the token of the emailed link. */
export function resetPassword(input: { token: string; newPassword: string }): Promise<unknown> {
  return apiData('/auth/reset-password', { method: 'POST', body: input, sessionRefresh: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
