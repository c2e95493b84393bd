import type { QueryClient } from '@tanstack/react-query';
import { organizationKeys } from './organization-queries';
import { endSessionOnPurpose, rememberSessionUser, sessionQueryKey, userQueryKey } from './session';

/**
 * Queries whose answer depends on who is signed in, besides the user's own (`userQueryKey`, with
 * the user's organizations): an organization's detail is answered to its owner even while it is
 * not published, and the editor reads its organization under the same key. All of them go,
 * published or not, answered or still on their way: a guest must never see what the owner saw.
 */
const signedInQueryKeys = [userQueryKey, organizationKeys.details] as const;

/**
 * Forgets the signed-in user after sign-out, account deletion or session loss: drops the user's
 * data and reads the session again (which signs the visitor in as a new guest).
 */
export function forgetUser(queryClient: QueryClient): Promise<void> {
  endSessionOnPurpose();
  rememberSessionUser(null);
  for (const queryKey of signedInQueryKeys) queryClient.removeQueries({ queryKey });
  queryClient.setQueryData(sessionQueryKey, null);
  return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}
