import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityEntry, ActivityMeta } from '@si/contracts';
import { apiRequest } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/session';

export interface ActivityPage {
  data: ActivityEntry[];
  meta: ActivityMeta;
}

/** GET /api/organizations/:id/activity: one page, newest first, after `cursor`. */
export function getActivity(
  organizationId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest<ActivityPage>(
    `/organizations/${encodeURIComponent(organizationId)}/activity${query}`,
    { signal },
  );
}

/** Under the user's key: another account never sees this one's answer. */
export const activityQueryOptions = (organizationId: string) =>
  infiniteQueryOptions({
    queryKey: [...userQueryKey, 'activity', organizationId] as const,
    queryFn: ({ pageParam, signal }) => getActivity(organizationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
    staleTime: 0,
  });

/** The organization's activity, a page at a time ("Show older" fetches the next). */
export function useActivity(organizationId: string) {
  return useInfiniteQuery(activityQueryOptions(organizationId));
}
