import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { publishedOrganizationOf } from './support/operators.ts';
import { startSecondAppInstance } from './support/second-app-instance.ts';
import type { TestContext } from './support/test-app.ts';
import type { WebhookReceiver } from './support/webhook-receiver.ts';
import {
  deliveriesOf,
  localReceiverSettings,
  registerEndpoint,
  verified,
  webhookWorld,
  type WebhookWorld,
} from './support/webhooks.ts';

/**
 * The webhook queue (ADR 056): each event reaches each endpoint once, whichever of several
 * processes sends and across a restart; a failed attempt is retried with a doubling wait; an
 * endpoint failing for three days is disabled and the operators are emailed; an operator's
 * resend sends it again with the event's id. The clock is the one the job is given.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const { world, url, receivedAt } = webhookWorld('queue');
let ctx: TestContext;
let receiver: WebhookReceiver;
let operator: Agent;
let owner: WebhookWorld['owner'];
beforeAll(() => void ({ ctx, receiver, operator, owner } = world));

describe('once per event and endpoint', () => {
  it('two processes sending at once deliver each event to each endpoint once', async () => {
    const endpoints = await Promise.all(
      ['/a', '/b', '/c'].map((path) => registerEndpoint(operator, url(path))),
    );
    for (const name of ['Reef One', 'Reef Two', 'Reef Three', 'Reef Four']) {
      await publishedOrganizationOf(ctx, owner, name);
    }
    const second = await startSecondAppInstance(ctx, localReceiverSettings);
    try {
      const now = new Date();
      const runs = await Promise.all([
        ctx.app.jobs.sendWebhooks(now),
        second.app.jobs.sendWebhooks(now),
        ctx.app.jobs.sendWebhooks(now),
        second.app.jobs.sendWebhooks(now),
      ]);
      expect(runs.reduce((sum, run) => sum + run.delivered, 0)).toBe(12);
      for (const [index, path] of ['/a', '/b', '/c'].entries()) {
        const requests = receivedAt(path);
        expect(requests).toHaveLength(4);
        expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(4);
        for (const request of requests) verified(endpoints[index]!.secret, request);
      }
      const later = new Date(now.getTime() + 10 * MINUTE);
      await Promise.all([ctx.app.jobs.sendWebhooks(later), second.app.jobs.sendWebhooks(later)]);
      expect(receiver.received.filter((request) => /^\/[abc]$/.test(request.path))).toHaveLength(
        12,
      );
    } finally {
      await second.close();
    }
  });

  it('an event queued before a restart is delivered once after it', async () => {
    await registerEndpoint(operator, url('/restart'));
    await publishedOrganizationOf(ctx, owner, 'Estuary Watch');
    // The process that queued it never sends; a new one starts, sends, stops; a third finds
    // nothing left to send.
    const afterRestart = await startSecondAppInstance(ctx, localReceiverSettings);
    expect((await afterRestart.app.jobs.sendWebhooks(new Date())).delivered).toBe(1);
    await afterRestart.close();
    const third = await startSecondAppInstance(ctx, localReceiverSettings);
    expect((await third.app.jobs.sendWebhooks(new Date(Date.now() + DAY))).delivered).toBe(0);
    await third.close();
    expect(receivedAt('/restart')).toHaveLength(1);
  });
});

describe('retries', () => {
  it('retries a failed delivery after 30 s, then 1 min, and records each answer', async () => {
    const endpoint = await registerEndpoint(operator, url('/flaky'));
    receiver.answerWith([500, 503, 200]);
    await publishedOrganizationOf(ctx, owner, 'Mangrove Circle');
    const start = new Date();
    const at = (ms: number) => new Date(start.getTime() + ms);

    expect((await ctx.app.jobs.sendWebhooks(start)).failed).toBe(1);
    let [delivery] = (await deliveriesOf(operator, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: 500 });
    expect(Date.parse(delivery!.nextAttemptAt!)).toBe(start.getTime() + 30_000);

    expect(await ctx.app.jobs.sendWebhooks(at(29_000))).toMatchObject({ delivered: 0, failed: 0 });
    expect((await ctx.app.jobs.sendWebhooks(at(30_000))).failed).toBe(1);
    [delivery] = (await deliveriesOf(operator, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ attempts: 2, lastResponseCode: 503 });
    expect(Date.parse(delivery!.nextAttemptAt!)).toBe(start.getTime() + 90_000);

    expect((await ctx.app.jobs.sendWebhooks(at(90_000))).delivered).toBe(1);
    [delivery] = (await deliveriesOf(operator, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastResponseCode: 200 });
    const ids = receivedAt('/flaky').map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
  });

  it('resends a delivered event with its id when an operator asks, and audits it', async () => {
    const endpoint = await registerEndpoint(operator, url('/resend'));
    await publishedOrganizationOf(ctx, owner, 'Seagrass Society');
    await ctx.app.jobs.sendWebhooks(new Date());
    const [delivery] = (await deliveriesOf(operator, endpoint.id)).deliveries;
    const resent = await operator.post(
      `/api/admin/webhooks/${endpoint.id}/deliveries/${delivery!.id}/resend`,
    );
    expect(resent.status).toBe(204);
    expect((await ctx.app.jobs.sendWebhooks(new Date(Date.now() + MINUTE))).delivered).toBe(1);
    const [first, again] = receivedAt('/resend');
    expect(again?.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    const missing = await operator.post<Body<never>>(
      `/api/admin/webhooks/${endpoint.id}/deliveries/999999/resend`,
    );
    expect(missing.status).toBe(404);
  });
});

describe('three days of failures', () => {
  it('disables the endpoint, fails what waits, and emails the operators once', async () => {
    const endpoint = await registerEndpoint(operator, url('/down'));
    receiver.answerWith([502]);
    await publishedOrganizationOf(ctx, owner, 'Lagoon Friends');
    const start = new Date();
    await ctx.app.jobs.sendWebhooks(start);
    const almost = await ctx.app.jobs.sendWebhooks(new Date(start.getTime() + 2 * DAY));
    expect(almost).toMatchObject({ failed: 1, disabled: 0 });
    await publishedOrganizationOf(ctx, owner, 'Lagoon Friends Two');

    const run = await ctx.app.jobs.sendWebhooks(new Date(start.getTime() + 3 * DAY + MINUTE));
    expect(run.disabled).toBe(1);
    const { endpoint: after, deliveries } = await deliveriesOf(operator, endpoint.id);
    expect(after.enabled).toBe(false);
    expect(after.disabledAt).not.toBeNull();
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['failed', 'failed']);

    const emails = (await ctx.database.db.execute(
      sql`select recipient, text from email_outbox where subject = 'A webhook endpoint was disabled'`,
    )) as unknown as { rows: { recipient: string; text: string }[] };
    expect(emails.rows).toHaveLength(1);
    expect(emails.rows[0]!.recipient).toBe('queue-operator@example.org');
    expect(emails.rows[0]!.text).toContain(url('/down'));
    expect(emails.rows[0]!.text).toContain(`/admin/webhooks/${endpoint.id}`);

    // A disabled endpoint is sent nothing more, and no new event is queued for it.
    await publishedOrganizationOf(ctx, owner, 'Lagoon Friends Three');
    const sent = receivedAt('/down').length;
    await ctx.app.jobs.sendWebhooks(new Date(start.getTime() + 4 * DAY));
    expect(receivedAt('/down')).toHaveLength(sent);
    expect((await deliveriesOf(operator, endpoint.id)).deliveries).toHaveLength(2);
  });
});
