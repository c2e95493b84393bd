import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail, AdminUserRow } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';
import type { ConsolePage } from './console-page';

export interface UserSearch {
  q?: string | undefined;
  page: number;
}

/** GET /api/admin/users: accounts (never guests) by email or name; 50 a page. */
export function getUsers(
  query: UserSearch,
  signal?: AbortSignal,
): Promise<ConsolePage<AdminUserRow>> {
  return consoleRequest('/users', { query: { ...query }, signal });
}

export const usersQueryOptions = (query: UserSearch) =>
  queryOptions({
    queryKey: consoleKeys.userList(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useConsoleUsers(query: UserSearch) {
  return useQuery(usersQueryOptions(query));
}

/** GET /api/admin/users/:id: the user, their organizations and subscriptions. */
export function getConsoleUser(id: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return consoleRequest<{ data: AdminUserDetail }>(`/users/${encodeURIComponent(id)}`, {
    signal,
  }).then((body) => body.data);
}

export const consoleUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: consoleKeys.user(id),
    queryFn: ({ signal }) => getConsoleUser(id, signal),
    staleTime: 0,
  });

export function useConsoleUser(id: string) {
  return useQuery(consoleUserQueryOptions(id));
}
