import { useMutation } from '@tanstack/react-query';
import type { SendVerificationCodeRequest, VerificationCodeSent } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/**
 * POST /api/organizations/{id}/verification/code: a code to `localPart`@ the domain of the saved
 * website (a newer code replaces the open one).
 */
export function sendVerificationCode({
  id,
  localPart,
}: SendVerificationCodeRequest & { id: string }): Promise<VerificationCodeSent> {
  return apiData<VerificationCodeSent>(
    `/organizations/${encodeURIComponent(id)}/verification/code`,
    { method: 'POST', body: { localPart } },
  );
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
