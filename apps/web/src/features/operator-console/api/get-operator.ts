import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleKeys, consoleRequest } from './console-request';

export interface ConsoleOperator {
  email: string;
}

/** GET /api/admin/me: the console asks it before it shows anything. */
export function getOperator(signal?: AbortSignal): Promise<ConsoleOperator> {
  return consoleRequest<{ data: ConsoleOperator }>('/me', { signal }).then((body) => body.data);
}

export const operatorQueryOptions = () =>
  queryOptions({
    queryKey: consoleKeys.operator(),
    queryFn: ({ signal }) => getOperator(signal),
    // Asked again on every visit: a grant, revoke or the 12 hours count from the next request.
    staleTime: 0,
  });

/** enabled false: the console is being left (signed out on purpose), so nobody is asked again. */
export function useOperator(enabled = true) {
  return useQuery({ ...operatorQueryOptions(), enabled });
}
