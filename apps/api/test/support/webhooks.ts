import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '@si/contracts';
import { Webhook } from 'standardwebhooks';
import { signUp, type Body } from './accounts.ts';
import type { Agent } from './browser-agent.ts';
import { signUpOperator } from './operators.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from './webhook-receiver.ts';

/** Settings for a receiver on this machine: both escape hatches on, as ADR 056 allows in tests. */
export const localReceiverSettings = {
  WEBHOOKS_ALLOW_HTTP: 'on',
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'on',
};

export interface WebhookWorld {
  ctx: TestContext;
  receiver: WebhookReceiver;
  operator: Agent;
  owner: { browser: Agent; id: string };
}

/**
 * A webhook test file's world, made before its tests: a receiver on this machine, an app that
 * may send to it, an operator and an owner (`{prefix}-operator@`, `{prefix}-owner@`). Each
 * test's endpoints go with it, so the next test's events are for its own endpoints only, and
 * the receiver answers 204 again.
 */
export function webhookWorld(prefix: string) {
  const world = {} as WebhookWorld;
  beforeAll(async () => {
    world.receiver = await startWebhookReceiver();
    world.ctx = await createTestApp({ RATE_LIMITS: 'off', ...localReceiverSettings });
    world.operator = (await signUpOperator(world.ctx, `${prefix}-operator@example.org`)).browser;
    world.owner = await signUp(world.ctx, `${prefix}-owner@example.org`);
  });
  afterEach(async () => {
    await world.ctx.database.db.execute(sql`delete from webhook_endpoints`);
    world.receiver.answerWith([204]);
  });
  afterAll(async () => {
    await world.ctx.close();
    await world.receiver.close();
  });
  return {
    world,
    /** A path on the receiver, as an endpoint's URL. */
    url: (path: string) => `http://127.0.0.1:${world.receiver.port}${path}`,
    /** What the receiver got at `path`, in order. */
    receivedAt: (path: string) =>
      world.receiver.received.filter((request) => request.path === path),
  };
}

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
