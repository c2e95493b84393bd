import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminEmail } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';
import type { ConsolePage } from './console-page';

export interface EmailQuery {
  status: 'recent' | 'failed';
  page: number;
}

/** GET /api/admin/emails: the outbox's recent emails, or its failed ones, newest first. */
export function getEmails(
  query: EmailQuery,
  signal?: AbortSignal,
): Promise<ConsolePage<AdminEmail>> {
  return consoleRequest('/emails', { query: { ...query }, signal });
}

export function useConsoleEmails(query: EmailQuery) {
  return useQuery(
    queryOptions({
      queryKey: consoleKeys.emails(query),
      queryFn: ({ signal }) => getEmails(query, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** POST /api/admin/emails/:id/resend (204; 409 when its text is no longer kept). */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => consoleRequest(`/emails/${id}/resend`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: consoleKeys.all });
    },
  });
}
