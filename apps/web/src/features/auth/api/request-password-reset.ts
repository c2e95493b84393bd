import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** The page the emailed reset link opens (/reset-password?token=...). */
export const RESET_PASSWORD_PATH = '/reset-password';

/** POST /api/auth/request-password-reset: answers the same whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiData('/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: RESET_PASSWORD_PATH },
    sessionRefresh: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
