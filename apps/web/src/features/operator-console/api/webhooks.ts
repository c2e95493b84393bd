import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointChanges,
  WebhookEndpointInput,
} from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

/** GET /api/admin/webhooks: the partners' endpoints, newest first (ADR 056). */
export function useWebhookEndpoints() {
  return useQuery(
    queryOptions({
      queryKey: consoleKeys.webhooks(),
      queryFn: async ({ signal }) =>
        (await consoleRequest<{ data: WebhookEndpoint[] }>('/webhooks', { signal })).data,
      staleTime: 0,
    }),
  );
}

/** GET /api/admin/webhooks/:id/deliveries: the endpoint and its latest deliveries. */
export function useWebhookDeliveries(id: string) {
  return useQuery(
    queryOptions({
      queryKey: consoleKeys.webhookDeliveries(id),
      queryFn: async ({ signal }) =>
        (
          await consoleRequest<{
            data: { endpoint: WebhookEndpoint; deliveries: WebhookDelivery[] };
          }>(`/webhooks/${id}/deliveries`, { signal })
        ).data,
      staleTime: 0,
    }),
  );
}

function useWebhookMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: consoleKeys.webhooks() });
    },
  });
}

/** POST /api/admin/webhooks: the new endpoint with its secret, which no other answer holds. */
export const useCreateWebhookEndpoint = () =>
  useWebhookMutation(
    async (input: WebhookEndpointInput) =>
      (
        await consoleRequest<{ data: CreatedWebhookEndpoint }>('/webhooks', {
          method: 'POST',
          body: input,
        })
      ).data,
  );

/** PATCH /api/admin/webhooks/:id: its events, or on and off. */
export const useChangeWebhookEndpoint = (id: string) =>
  useWebhookMutation((changes: WebhookEndpointChanges) =>
    consoleRequest(`/webhooks/${id}`, { method: 'PATCH', body: changes }),
  );

/** DELETE /api/admin/webhooks/:id (204). */
export const useDeleteWebhookEndpoint = (id: string) =>
  useWebhookMutation(() => consoleRequest(`/webhooks/${id}`, { method: 'DELETE' }));

/** POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend (204). */
export const useResendWebhookDelivery = (id: string) =>
  useWebhookMutation((deliveryId: number) =>
    consoleRequest(`/webhooks/${id}/deliveries/${deliveryId}/resend`, { method: 'POST' }),
  );
