import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { ROLE_LIST_DEFAULT_LIMIT, type RoleListItem, type RoleListMeta } from '@si/contracts';
import { apiRequest } from '../../../lib/api-client';
import { roleFilterParams, type RoleFilters } from '../role-filters';

export interface RolePage {
  data: RoleListItem[];
  meta: RoleListMeta;
}

export function getRoles(
  filters: RoleFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<RolePage> {
  const query = Object.fromEntries(roleFilterParams(filters, cursor));
  return apiRequest<RolePage>('/roles', {
    signal,
    query: { ...query, limit: ROLE_LIST_DEFAULT_LIMIT },
  });
}

/** Pages of open roles for a filter, from `cursor` on (a ?cursor= URL) or from the newest. */
export const rolesInfiniteQueryOptions = (filters: RoleFilters, cursor: string | null = null) =>
  infiniteQueryOptions({
    queryKey: ['roles', roleFilterParams(filters).toString(), cursor],
    queryFn: ({ pageParam, signal }) => getRoles(filters, pageParam, signal),
    initialPageParam: cursor,
    getNextPageParam: (lastPage) => lastPage.meta.nextCursor,
    placeholderData: keepPreviousData,
    retryOnMount: false,
  });
