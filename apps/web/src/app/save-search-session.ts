import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@si/contracts';
import { sessionQueryKey } from '../lib/session';

/**
 * Who may press 'Save this search' on a public list (the directory, the open roles): read from
 * the session the header loads, never fetched or waited for by the page; asked only when a
 * visitor presses Save before the header has read who is there (phones).
 */
export function useSaveSearchSession() {
  const { data: user } = useQuery<CurrentUser | null>({
    queryKey: sessionQueryKey,
    queryFn: skipToken,
  });
  const queryClient = useQueryClient();
  const checkCanSave = () =>
    import('../features/auth/api/get-session')
      .then(({ sessionQueryOptions }) => queryClient.fetchQuery(sessionQueryOptions()))
      .then((current) => Boolean(current && !current.isAnonymous));
  return {
    user,
    canSave: user === undefined ? undefined : Boolean(user && !user.isAnonymous),
    checkCanSave,
  };
}
