import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationMessages, type AuthActionResult } from '@si/contracts';
import { apiData, requireSuccess } from '../../../lib/api-client';

/**
 * GET /api/auth/verify-email?token=&userId= : the link of the verification email. docs/product.md#email-verification
 * section 8: an answer with success false fails with its message or 'Failed to verify email…';
 * a network or server error without a message says the link may be expired or invalid.
 */
export async function verifyEmail(
  token: string,
  userId: string,
  signal?: AbortSignal,
): Promise<AuthActionResult> {
  const result = await apiData<AuthActionResult>('/auth/verify-email', {
    query: { token, userId },
    signal,
    sessionRefresh: false,
    fallbackMessage: verificationMessages.linkInvalid,
  });
  return requireSuccess(result, verificationMessages.verifyFailed);
}

export const verifyEmailQueryOptions = (token: string, userId: string) =>
  queryOptions({
    queryKey: ['verify-email', token, userId],
    queryFn: ({ signal }) => verifyEmail(token, userId, signal),
    // A link works once: its answer is kept for the visit, never fetched again.
    staleTime: Infinity,
  });

export function useVerifyEmail(token: string, userId: string, enabled: boolean) {
  return useQuery({ ...verifyEmailQueryOptions(token, userId), enabled });
}
