import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/session';
import { isPermanentUser, useSession } from './get-session';

/** The signed-in user's profile from the backend (GET /api/users/profile). */
export function getProfile(signal?: AbortSignal): Promise<CurrentUser> {
  return apiData<CurrentUser>('/users/profile', { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: [...userQueryKey, 'profile'],
    queryFn: ({ signal }) => getProfile(signal),
  });

/** Asked only while a registered user is signed in: after sign-out or deletion it would be a 401. */
export function useProfile(options: { enabled?: boolean } = {}) {
  const signedIn = isPermanentUser(useSession().data);
  return useQuery({ ...profileQueryOptions(), enabled: signedIn && (options.enabled ?? true) });
}
