import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  ActivityEntry,
  ActivityMeta,
  AdminAddOwnerRequest,
  AdminOrganizationDetail,
} from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

const activityKey = (id: string) => [...consoleKeys.organization(id), 'activity'] as const;

/** GET /api/admin/organizations/:id/activity, a page at a time, operators named. */
export const consoleActivityQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: activityKey(id),
    queryFn: ({ pageParam, signal }) =>
      consoleRequest<{ data: ActivityEntry[]; meta: ActivityMeta }>(
        `/organizations/${encodeURIComponent(id)}/activity${
          pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''
        }`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
    staleTime: 0,
  });

export function useConsoleActivity(id: string) {
  return useInfiniteQuery(consoleActivityQueryOptions(id));
}

/** POST /api/admin/organizations/:id/owners: the organization as it now is. */
export function useAddOwner(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminAddOwnerRequest) =>
      consoleRequest<{ data: AdminOrganizationDetail }>(
        `/organizations/${encodeURIComponent(id)}/owners`,
        { method: 'POST', body: input },
      ).then((body) => body.data),
    onSuccess: (detail) => {
      queryClient.setQueryData(consoleKeys.organization(id), detail);
      // The activity and the audit log have a new entry. Not awaited, as the other actions.
      void queryClient.invalidateQueries({ queryKey: activityKey(id) });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.audit({}).slice(0, -1) });
    },
  });
}
