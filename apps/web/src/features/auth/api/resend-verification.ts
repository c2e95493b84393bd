import { useMutation } from '@tanstack/react-query';
import { verificationMessages, type AuthActionResult } from '@si/contracts';
import { apiData, requireSuccess } from '../../../lib/api-client';

/**
 * POST /api/auth/resend-verification: emails a new verification link to the signed-in user. A
 * failure without a message, or an answer with success false, gives the product's own text.
 */
export async function resendVerification(): Promise<AuthActionResult> {
  const result = await apiData<AuthActionResult>('/auth/resend-verification', {
    method: 'POST',
    body: {},
    fallbackMessage: verificationMessages.resendFailed,
  });
  return requireSuccess(result, verificationMessages.resendFailed);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
