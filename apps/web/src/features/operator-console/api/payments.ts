import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGuestCode, AdminSubscriptionRow, CreateGuestCodeRequest } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

/** GET /api/admin/subscriptions: every organization's subscriptions. */
export function getSubscriptions(signal?: AbortSignal): Promise<AdminSubscriptionRow[]> {
  return consoleRequest<{ data: AdminSubscriptionRow[] }>('/subscriptions', { signal }).then(
    (body) => body.data,
  );
}

export function useConsoleSubscriptions() {
  return useQuery(
    queryOptions({
      queryKey: consoleKeys.subscriptions(),
      queryFn: ({ signal }) => getSubscriptions(signal),
      staleTime: 0,
    }),
  );
}

/** GET /api/admin/guest-codes: the codes with their uses and state. */
export function getGuestCodes(signal?: AbortSignal): Promise<AdminGuestCode[]> {
  return consoleRequest<{ data: AdminGuestCode[] }>('/guest-codes', { signal }).then(
    (body) => body.data,
  );
}

export function useGuestCodes() {
  return useQuery(
    queryOptions({
      queryKey: consoleKeys.guestCodes(),
      queryFn: ({ signal }) => getGuestCodes(signal),
      staleTime: 0,
    }),
  );
}

/** Both writes answer the codes as they now are, which replace the list at once. */
function useGuestCodeWrite<Input>(write: (input: Input) => Promise<{ data: AdminGuestCode[] }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(consoleKeys.guestCodes(), data);
      void queryClient.invalidateQueries({
        queryKey: consoleKeys.all,
        predicate: ({ queryKey }) =>
          JSON.stringify(queryKey) !== JSON.stringify(consoleKeys.guestCodes()),
      });
    },
  });
}

/** POST /api/admin/guest-codes (201 with the list; 409 when it exists). */
export function useCreateGuestCode() {
  return useGuestCodeWrite((body: CreateGuestCodeRequest) =>
    consoleRequest<{ data: AdminGuestCode[] }>('/guest-codes', { method: 'POST', body }),
  );
}

/** POST /api/admin/guest-codes/:code/disable, saying why. */
export function useDisableGuestCode() {
  return useGuestCodeWrite(({ code, reason }: { code: string; reason: string }) =>
    consoleRequest<{ data: AdminGuestCode[] }>(`/guest-codes/${encodeURIComponent(code)}/disable`, {
      method: 'POST',
      body: { reason },
    }),
  );
}
