import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiData } from '../../../lib/api-client';
import { shouldRetry, retryDelay } from '../../../lib/query-client';
import { forgetUser } from '../../../lib/forget-user';
import { endSessionOnPurpose } from '../../../lib/session';

/** POST /api/auth/sign-out: clears the session cookie. */
export function signOut(): Promise<unknown> {
  endSessionOnPurpose();
  return apiData('/auth/sign-out', { method: 'POST', body: {}, sessionRefresh: false });
}

/**
 * Signs out and goes to /login (docs/product.md#sign-in-sign-up-and-password-reset); the app then signs the visitor in as a new guest.
 * A failed sign-out is only logged.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    retry: shouldRetry,
    retryDelay,
    onError: (error) => console.warn('Sign-out failed', error),
    onSettled: async () => {
      // Forget the user first: /login sends a signed-in user home. A guard on the page being
      // left may go to /login too on the way, which is where this goes anyway.
      const forgotten = forgetUser(queryClient);
      await navigate('/login');
      await forgotten;
    },
  });
}
