import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthActionResult } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/** GET /api/auth/verify-email?token=&userId= : the link of the verification email. */
export function verifyEmail(
  token: string,
  userId: string,
  signal?: AbortSignal,
): Promise<AuthActionResult> {
  return apiData<AuthActionResult>('/auth/verify-email', {
    query: { token, userId },
    signal,
    sessionRefresh: false,
  });
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
