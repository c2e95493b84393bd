import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '@si/contracts';
import { Webhook } from 'standardwebhooks';
import type { Body } from './accounts.ts';
import type { Agent } from './browser-agent.ts';
import type { ReceivedWebhook } from './webhook-receiver.ts';

/** Settings for a receiver on this machine: both escape hatches on, as ADR 056 allows in tests. */
export const localReceiverSettings = {
  WEBHOOKS_ALLOW_HTTP: 'on',
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'on',
};

/** Registers an endpoint as an operator does in the console; the answer with its secret. */
export async function registerEndpoint(
  operator: Agent,
  url: string,
  events: string[] = ['organization.published'],
) {
  const created = await operator.post<Body<CreatedWebhookEndpoint>>('/api/admin/webhooks', {
    url,
    events,
  });
  if (created.status !== 201) throw new Error(`register answered ${JSON.stringify(created.body)}`);
  return created.body.data;
}

export async function deliveriesOf(operator: Agent, endpointId: string) {
  const answer = await operator.get<
    Body<{ endpoint: WebhookEndpoint; deliveries: WebhookDelivery[] }>
  >(`/api/admin/webhooks/${endpointId}/deliveries`);
  return answer.body.data;
}

/** The body of a received delivery, verified with the endpoint's secret as a partner does. */
export function verified(secret: string, request: ReceivedWebhook) {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(request.headers[name]),
    ]),
  );
  return new Webhook(secret).verify(request.body, headers) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}
