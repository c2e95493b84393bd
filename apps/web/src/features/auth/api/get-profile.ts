import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/session';

/** The signed-in user's profile from the backend (GET /api/users/profile). */
export function getProfile(signal?: AbortSignal): Promise<CurrentUser> {
  return apiData<CurrentUser>('/users/profile', { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: [...userQueryKey, 'profile'],
    queryFn: ({ signal }) => getProfile(signal),
  });

export function useProfile(options: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(), enabled: options.enabled ?? true });
}
