import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userQueryKey } from '../../../lib/session';
import { sessionQueryOptions } from '../api/get-session';
import { syncUser } from '../api/sync-user';

/**
 * After a sign-in, sign-up or social sign-in: syncs the user with the backend (docs/product.md#sign-in-sign-up-and-password-reset), then
 * reads the new session so the guards and the header see the new user before the next page.
 * Rejects with the product's sync message when the sync keeps failing.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await syncUser();
    queryClient.removeQueries({ queryKey: userQueryKey });
    await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
  }, [queryClient]);
}
