import { useMutation } from '@tanstack/react-query';
import type { AuthActionResult } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/** POST /api/auth/resend-verification: emails a new verification link to the signed-in user. */
export function resendVerification(): Promise<AuthActionResult> {
  return apiData<AuthActionResult>('/auth/resend-verification', { method: 'POST', body: {} });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
