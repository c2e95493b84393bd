import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '../src/http/database-unavailable.ts';
import { startJobs } from '../src/jobs/scheduler.ts';
import { countRows } from './support/accounts.ts';
import { createOrganization } from './support/factories.ts';
import { unreachableStripe } from './support/payments.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** One sample's value from a Prometheus text exposition, by metric name and labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2] ? match[2].split(/,(?=[a-zA-Z_]+=")/) : [];
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return null;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('is not there, whatever the request carries', async () => {
    for (const authorization of [undefined, 'Bearer ', `Bearer ${TOKEN}`]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(404);
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      METRICS_TOKEN: TOKEN,
      ...unreachableStripe,
      // The jobs run on their own here, as on a server: the job counter is theirs.
      PERIODIC_JOBS: 'on',
      JOBS_INTERVAL_MS: '1000',
    });
  });
  afterAll(async () => ctx?.close());

  const scrape = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.body;
  };

  it('answers 404, as an unknown address does, without the right bearer token', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/no-such-place' });
    for (const authorization of [
      undefined,
      '',
      'Bearer ',
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(404);
      expect(response.headers['content-type'], authorization).toBe(unknown.headers['content-type']);
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests by route pattern and status, never by the raw address', async () => {
    const id = await createOrganization(ctx.database.db, { published: true });
    for (let i = 0; i < 3; i += 1) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `/api/organizations/${id}`,
      });
      expect(answer.statusCode).toBe(200);
    }
    await ctx.app.inject({ method: 'GET', url: '/api/organizations?limit=5' });
    const text = await scrape();
    expect(
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: '/api/organizations/:id',
        status: '200',
      }),
    ).toBe(3);
    expect(text).not.toContain(id);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/organizations/:id',
        status: '200',
      }),
    ).toBe(3);
  });

  it('gives the directory index its size (every published organization) and lag', async () => {
    await createOrganization(ctx.database.db, { published: true });
    await createOrganization(ctx.database.db, { published: false });
    // A list request brings the index up to the database's version.
    await ctx.app.inject({ method: 'GET', url: '/api/organizations?limit=1' });
    const published = await countRows(
      ctx,
      sql`select count(*)::int as n from organizations where published`,
    );
    expect(published).toBeGreaterThan(0);
    const text = await scrape();
    expect(sample(text, 'directory_organizations')).toBe(published);
    expect(sample(text, 'directory_versions_behind')).toBe(0);
    expect(sample(text, 'directory_caught_up_timestamp_seconds')).toBeGreaterThan(0);

    await createOrganization(ctx.database.db, { published: true });
    const behind = await scrape();
    expect(sample(behind, 'directory_versions_behind')).toBeGreaterThan(0);
  });

  it('gives the outbox backlog, the process memory and the default process metrics', async () => {
    const unsent = await countRows(
      ctx,
      sql`select count(*)::int as n from email_outbox where sent_at is null`,
    );
    const text = await scrape();
    expect(sample(text, 'email_outbox_unsent')).toBe(unsent);
    expect(sample(text, 'email_send_failures_total')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts the periodic jobs run', async () => {
    await vi.waitFor(
      async () => {
        const text = await scrape();
        expect(sample(text, 'job_runs_total', { job: 'guest-purge' })).toBeGreaterThan(0);
        expect(sample(text, 'job_runs_total', { job: 'subscription-lapses' })).toBeGreaterThan(0);
        expect(sample(text, 'job_runs_total', { outcome: 'failed' })).toBeNull();
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  it('counts payment webhook events by type and outcome', async () => {
    const post = (payload: string, signature?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
      });
    const payload = JSON.stringify({
      id: 'evt_metrics_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_metrics', object: 'customer' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: unreachableStripe.STRIPE_WEBHOOK_SECRET,
    });
    expect((await post(payload, signature)).statusCode).toBe(200);
    expect((await post(payload, 't=1,v1=forged')).statusCode).toBe(400);
    expect((await post(payload)).statusCode).toBe(400);

    const text = await scrape();
    expect(
      sample(text, 'payment_webhook_events_total', {
        type: 'customer.created',
        outcome: 'ignored',
      }),
    ).toBe(1);
    expect(
      sample(text, 'payment_webhook_events_total', { type: 'unsigned', outcome: 'rejected' }),
    ).toBe(2);
  });
});

describe('errors worth waking someone for', () => {
  it('a failed job is logged once at error level with JOB_FAILED, and counted', async () => {
    const errors: { code?: string }[] = [];
    const logger = { error: (fields: { code?: string }) => errors.push(fields) };
    const runs: string[] = [];
    const stop = startJobs(
      [
        {
          name: 'broken',
          run: () => Promise.reject(new Error('boom')),
        },
      ],
      1000,
      logger as unknown as FastifyBaseLogger,
      (job, outcome) => runs.push(`${job} ${outcome}`),
    );
    try {
      await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), { timeout: 5_000 });
      stop();
      expect(new Set(runs)).toEqual(new Set(['broken failed']));
      // One error line per failed run, no more.
      expect(errors.map((fields) => fields.code)).toEqual(runs.map(() => 'JOB_FAILED'));
    } finally {
      stop();
    }
  });

  it('a request that fails because the database is out of reach says DATABASE_UNAVAILABLE', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: refused });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });
});
