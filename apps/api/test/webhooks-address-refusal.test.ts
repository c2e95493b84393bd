import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookMessages } from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { publishedOrganizationOf, signUpOperator } from './support/operators.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';
import { deliveriesOf, localReceiverSettings, registerEndpoint } from './support/webhooks.ts';

/**
 * Where deliveries may go (ADR 056): https only, and only to public addresses, checked when each
 * delivery is sent against what the name resolves to then, the connection made to the address
 * checked. A partner's name that points at this machine is refused; the escape hatches, off by
 * default, let a local receiver in.
 */

const hosts: Record<string, string[]> = {
  'receiver.partner.test': ['127.0.0.1'],
  // A public answer beside a private one: refused whole, so nothing is ever sent to either.
  'mixed.partner.test': ['93.184.215.14', '10.1.2.3'],
};
const resolveHost = async (host: string) => hosts[host] ?? [];

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

async function appWith(env: Record<string, string>, prefix: string) {
  const ctx = await createTestApp({ RATE_LIMITS: 'off', ...env }, { resolveHost });
  const operator = (await signUpOperator(ctx, `${prefix}-operator@example.org`)).browser;
  const owner = await signUp(ctx, `${prefix}-owner@example.org`);
  return { ctx, operator, owner };
}

describe('by default', () => {
  let ctx: TestContext;
  let operator: Agent;
  let owner: { browser: Agent; id: string };
  beforeAll(async () => {
    ({ ctx, operator, owner } = await appWith({}, 'strict'));
  });
  afterAll(() => ctx.close());

  it('refuses http, credentials and IP addresses of private, loopback and reserved ranges', async () => {
    const refusal = async (url: string) => {
      const answer = await operator.post<Body<never>>('/api/admin/webhooks', {
        url,
        events: ['organization.published'],
      });
      expect(answer.status, url).toBe(400);
      return answer.body.error?.message;
    };
    expect(await refusal('http://hooks.partner.example/in')).toBe(webhookMessages.httpsOnly);
    expect(await refusal('https://user:pass@hooks.partner.example/in')).toBe(
      webhookMessages.urlCredentials,
    );
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '172.16.4.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[fd00::1]',
      '[fe80::1]',
      'localhost',
    ]) {
      expect(await refusal(`https://${address}/in`)).toBe(webhookMessages.privateHost);
    }
    // Public addresses pass (registering sends nothing; these endpoints go with the test).
    for (const address of ['93.184.215.14', '[2606:4700::1111]']) {
      await registerEndpoint(operator, `https://${address}/in`);
    }
    await ctx.database.db.execute(sql`delete from webhook_endpoints`);
  });

  it('refuses at send time a name that resolves to this machine; the receiver hears nothing', async () => {
    const pointsHome = await registerEndpoint(
      operator,
      `https://receiver.partner.test:${receiver.port}/home`,
    );
    const mixed = await registerEndpoint(operator, 'https://mixed.partner.test/in');
    await publishedOrganizationOf(ctx, owner, 'Harbour Seals Trust');

    const run = await ctx.app.jobs.sendWebhooks(new Date());
    expect(run).toMatchObject({ delivered: 0, failed: 2 });
    expect(receiver.received).toHaveLength(0);

    const [home] = (await deliveriesOf(operator, pointsHome.id)).deliveries;
    expect(home).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: null });
    expect(home!.lastError).toContain(webhookMessages.privateHost);
    expect(home!.lastError).toContain('127.0.0.1');
    const [both] = (await deliveriesOf(operator, mixed.id)).deliveries;
    expect(both!.lastError).toContain('10.1.2.3');
  });
});

describe('with the local escape hatches on', () => {
  let ctx: TestContext;
  let operator: Agent;
  let owner: { browser: Agent; id: string };
  beforeAll(async () => {
    ({ ctx, operator, owner } = await appWith(
      { ...localReceiverSettings, WEBHOOKS_TIMEOUT_MS: '300' },
      'local',
    ));
  });
  afterAll(() => ctx.close());

  it('connects to the address the name resolved to, with the name as Host', async () => {
    const endpoint = await registerEndpoint(
      operator,
      `http://receiver.partner.test:${receiver.port}/local`,
    );
    await publishedOrganizationOf(ctx, owner, 'Tide Pool Club');
    expect((await ctx.app.jobs.sendWebhooks(new Date())).delivered).toBe(1);
    const [request] = receiver.received.filter((received) => received.path === '/local');
    expect(request!.headers.host).toBe(`receiver.partner.test:${receiver.port}`);
    expect(request!.headers['content-type']).toBe('application/json');
    const [delivery] = (await deliveriesOf(operator, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ status: 'delivered', lastResponseCode: 204 });
    await ctx.database.db.execute(sql`delete from webhook_endpoints`);
  });

  it('gives up an attempt the partner does not answer within WEBHOOKS_TIMEOUT_MS', async () => {
    const endpoint = await registerEndpoint(
      operator,
      `http://receiver.partner.test:${receiver.port}/hangs`,
    );
    receiver.answerWith([0]);
    await publishedOrganizationOf(ctx, owner, 'Still Water Fund');
    expect((await ctx.app.jobs.sendWebhooks(new Date())).failed).toBe(1);
    receiver.answerWith([204]);
    const [delivery] = (await deliveriesOf(operator, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: null });
    expect(delivery!.lastError).toBe('not delivered: no answer within 300 ms');
  });
});
