import { once } from 'node:events';
import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationListMeta } from '@si/contracts';
import { loadConfig } from '../src/config.ts';
import { stripePriceProblems } from '../src/modules/payments/providers/index.ts';
import { freePort } from './support/free-port.ts';
import { startServer, waitUntilReady, type ServerProcess } from './support/server-process.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';

/** The prices a production deployment sets up in Stripe's dashboard, and some it gets wrong. */
const prices = {
  price_monthly: { unit_amount: 1200, interval: 'month' },
  price_annual: { unit_amount: 10000, interval: 'year' },
  price_monthly_10: { unit_amount: 1000, interval: 'month' },
  price_annual_eur: { unit_amount: 10000, interval: 'year', currency: 'eur' },
  price_quarterly: { unit_amount: 1200, interval: 'month', interval_count: 3 },
  price_monthly_archived: { unit_amount: 1200, interval: 'month', active: false },
} as const;

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn({ prices });
});
afterAll(() => standIn?.close());

/** A production server's settings (a demo one: the stand-in's key is a test key). */
const productionEnv = (more: Record<string, string | undefined>) => ({
  NODE_ENV: 'production',
  TEST_CHECKOUT_IN_PRODUCTION: 'on',
  SMTP_URL: 'smtp://127.0.0.1:1',
  EMAIL_FROM: 'Scaling Impact <no-reply@scalingimpact.org>',
  SUPPORT_EMAIL: 'support@scalingimpact.org',
  STRIPE_SECRET_KEY: standIn.apiKey,
  STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
  STRIPE_API_URL: standIn.url,
  STRIPE_PRICE_MONTHLY: 'price_monthly',
  STRIPE_PRICE_ANNUAL: 'price_annual',
  ...more,
});

describe('the Stripe prices a production server starts on', () => {
  const problemsWith = (monthly?: string, annual?: string) =>
    stripePriceProblems(
      loadConfig({
        STRIPE_SECRET_KEY: standIn.apiKey,
        STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
        STRIPE_API_URL: standIn.url,
        STRIPE_PRICE_MONTHLY: monthly,
        STRIPE_PRICE_ANNUAL: annual,
      }),
    );

  it('accepts prices that charge $12 a month and $100 a year', async () => {
    expect(await problemsWith('price_monthly', 'price_annual')).toEqual([]);
    expect(await problemsWith('price_monthly')).toEqual([]);
  });

  it('asks Stripe nothing when no prices are set (outside production: checkouts make their own)', async () => {
    const before = standIn.requests.length;
    expect(await problemsWith()).toEqual([]);
    expect(await stripePriceProblems(loadConfig({}))).toEqual([]);
    expect(standIn.requests.length).toBe(before);
  });

  it('names the setting of a price Stripe does not have', async () => {
    expect(await problemsWith('price_monthly', 'price_gone')).toEqual([
      'STRIPE_PRICE_ANNUAL: price_gone does not exist in this Stripe account',
    ]);
  });

  it('names each price that charges another amount, currency or period', async () => {
    expect(await problemsWith('price_monthly_10', 'price_annual_eur')).toEqual([
      'STRIPE_PRICE_MONTHLY: price_monthly_10 charges 10 USD every month, not 12 USD every month',
      'STRIPE_PRICE_ANNUAL: price_annual_eur charges 100 EUR every year, not 100 USD every year',
    ]);
    // The two ids swapped.
    expect(await problemsWith('price_annual', 'price_monthly')).toEqual([
      'STRIPE_PRICE_MONTHLY: price_annual charges 100 USD every year, not 12 USD every month',
      'STRIPE_PRICE_ANNUAL: price_monthly charges 12 USD every month, not 100 USD every year',
    ]);
    expect(await problemsWith('price_quarterly')).toEqual([
      'STRIPE_PRICE_MONTHLY: price_quarterly charges 12 USD every 3 months, not 12 USD every month',
    ]);
  });

  it('refuses an archived price', async () => {
    expect(await problemsWith('price_monthly_archived', 'price_annual')).toEqual([
      'STRIPE_PRICE_MONTHLY: price_monthly_archived is archived (not active)',
    ]);
  });

  it('refuses to start on prices it could not check', async () => {
    standIn.failNext('GET', '/v1/prices/', 500);
    expect(await problemsWith('price_monthly', 'price_annual')).toEqual([
      'STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL: could not be checked with Stripe (Injected failure (failNext).)',
    ]);
  });
});

describe('the server process with NODE_ENV=production', () => {
  /** Starts the server on a DATA_DIR that does not exist yet, and collects what it wrote. */
  async function start(env: Record<string, string | undefined>) {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-production-'));
    const dataDir = path.join(parent, 'data');
    const port = await freePort();
    const server = startServer({
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    let stderr = '';
    server.stderr.on('data', (chunk) => (stderr += chunk));
    return { server, port, dataDir, parent, stderr: () => stderr };
  }
  const stop = async (server: ServerProcess, parent: string) => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await once(server, 'exit');
    }
    await rm(parent, { recursive: true, force: true });
  };
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );

  it('stops before opening anything on a setting it refuses, with a line naming it', async () => {
    const { server, dataDir, parent, stderr } = await start(productionEnv({ SMTP_URL: undefined }));
    try {
      const [code] = await once(server, 'exit');
      expect(code).toBe(1);
      expect(stderr()).toBe(
        'Invalid configuration (see .env.example):\n' +
          '  SMTP_URL: required with NODE_ENV=production (without it emails only go to the log, so nobody can verify an account or reset a password)\n',
      );
      expect(server.output()).not.toContain('is serving');
      expect(await exists(dataDir)).toBe(false);
    } finally {
      await stop(server, parent);
    }
  }, 60_000);

  it('stops before opening anything on Stripe without its price ids', async () => {
    const { server, dataDir, parent, stderr } = await start(
      productionEnv({ STRIPE_PRICE_MONTHLY: undefined, STRIPE_PRICE_ANNUAL: undefined }),
    );
    try {
      const [code] = await once(server, 'exit');
      expect(code).toBe(1);
      expect(stderr()).toBe(
        'Invalid configuration (see .env.example):\n' +
          "  STRIPE_PRICE_MONTHLY: required with NODE_ENV=production and Stripe (the price id of the plan in Stripe's dashboard, checked at start to charge what the plan page says)\n" +
          "  STRIPE_PRICE_ANNUAL: required with NODE_ENV=production and Stripe (the price id of the plan in Stripe's dashboard, checked at start to charge what the plan page says)\n",
      );
      expect(await exists(dataDir)).toBe(false);
    } finally {
      await stop(server, parent);
    }
  }, 60_000);

  it('stops before opening anything on a Stripe price that charges the wrong amount', async () => {
    const { server, dataDir, parent, stderr } = await start(
      productionEnv({
        STRIPE_PRICE_MONTHLY: 'price_monthly',
        STRIPE_PRICE_ANNUAL: 'price_monthly',
      }),
    );
    try {
      const [code] = await once(server, 'exit');
      expect(code).toBe(1);
      expect(stderr()).toBe(
        'Invalid configuration (see .env.example):\n' +
          '  STRIPE_PRICE_ANNUAL: price_monthly charges 12 USD every month, not 100 USD every year\n',
      );
      expect(await exists(dataDir)).toBe(false);
    } finally {
      await stop(server, parent);
    }
  }, 60_000);

  it('starts on safe settings and right prices, with no demo data in a new database', async () => {
    const { server, port, parent } = await start({ ...productionEnv({}), DEMO_DATA: undefined });
    try {
      await waitUntilReady(server, port);
      const response = await fetch(`http://127.0.0.1:${port}/api/organizations`);
      const body = (await response.json()) as { meta: OrganizationListMeta };
      expect(body.meta.total).toBe(0);
    } finally {
      await stop(server, parent);
    }
  }, 60_000);
});
