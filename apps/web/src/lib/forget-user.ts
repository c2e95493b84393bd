import type { QueryClient } from '@tanstack/react-query';
import { endSessionOnPurpose, rememberSessionUser, sessionQueryKey, userQueryKey } from './session';

/**
 * Forgets the signed-in user after sign-out, account deletion or session loss: drops the user's
 * data and reads the session again (which signs the visitor in as a new guest).
 */
export function forgetUser(queryClient: QueryClient): Promise<void> {
  endSessionOnPurpose();
  rememberSessionUser(null);
  queryClient.removeQueries({ queryKey: userQueryKey });
  queryClient.setQueryData(sessionQueryKey, null);
  return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}
