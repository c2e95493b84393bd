import { readFile } from 'node:fs/promises';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Category,
  CategoryGroup,
  CheckoutSession,
  Organization,
  PlanChoice,
} from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/*
 * Which Stripe price a checkout charges: the configured price ids (production requires them),
 * else one price per plan made once at Stripe from the plans and found again by its lookup key.
 */

let standIn: StripeStandIn;
const apps: TestContext[] = [];
let people = 0;

beforeAll(async () => {
  standIn = await startStripeStandIn({
    prices: {
      price_dashboard_monthly: { unit_amount: 1200, interval: 'month' },
      price_dashboard_annual: { unit_amount: 10000, interval: 'year' },
    },
  });
});
afterAll(async () => {
  for (const ctx of apps) await ctx.close();
  await standIn?.close();
});

const startApp = async (env: Record<string, string> = {}) => {
  const ctx = await createTestApp({
    STRIPE_SECRET_KEY: standIn.apiKey,
    STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
    STRIPE_API_URL: standIn.url,
    RATE_LIMITS: 'off',
    ...env,
  });
  apps.push(ctx);
  return ctx;
};

/** A new owner's new organization's checkout on `plan`: the price its one line charges. */
async function checkoutPrice(ctx: TestContext, plan: PlanChoice): Promise<string> {
  people += 1;
  const { browser } = await signUp(ctx, `price-owner-${people}@example.com`);
  const organization = await newOrganization(ctx, browser);
  const before = standIn.requests.length;
  const answer = await browser.post<Body<CheckoutSession>>(
    '/api/payments/create-checkout-session',
    {
      organizationId: organization.id,
      plan,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const request = standIn.requests
    .slice(before)
    .find((one) => one.method === 'POST' && one.path === '/v1/checkout/sessions')!;
  const lines = request.body.line_items as { price?: string; price_data?: unknown }[];
  expect(lines).toHaveLength(1);
  expect(lines[0]!.price_data).toBeUndefined();
  return lines[0]!.price!;
}

async function newOrganization(ctx: TestContext, browser: Agent) {
  const anyone = createAgent(ctx.app);
  const categories = (await anyone.get<Body<Category[]>>('/api/categories')).body.data;
  const groups = (await anyone.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
  const answer = await browser.post<Body<Organization>>('/api/organizations', {
    name: `Price Point ${people}`,
    description: 'Counts what things cost.',
    country: 'PT',
    categoryIds: groups.map((group) => categories.find((c) => c.groupId === group.id)!.id),
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

const priceCreates = () =>
  standIn.requests.filter((one) => one.method === 'POST' && one.path === '/v1/prices').length;

describe('the price a Stripe checkout charges', () => {
  it('without price ids: one product and price per plan, made once and reused, also after a restart', async () => {
    const ctx = await startApp();
    const monthly = await checkoutPrice(ctx, 'monthly');
    expect(await checkoutPrice(ctx, 'monthly')).toBe(monthly);
    const annual = await checkoutPrice(ctx, 'annual');
    expect(annual).not.toBe(monthly);
    expect(standIn.prices.get(monthly)).toMatchObject({
      unit_amount: 1200,
      currency: 'usd',
      interval: 'month',
      lookup_key: 'scaling-impact-monthly-1200-usd-per-month',
    });
    expect(standIn.prices.get(annual)).toMatchObject({
      unit_amount: 10000,
      currency: 'usd',
      interval: 'year',
      lookup_key: 'scaling-impact-annual-10000-usd-per-year',
    });
    expect(priceCreates()).toBe(2);
    expect([...standIn.products.values()].map((product) => product.name).sort()).toEqual([
      'Scaling Impact Annual plan',
      'Scaling Impact Monthly plan',
    ]);

    // Another process (or a restart) finds them by their lookup keys and makes nothing new.
    const restarted = await startApp();
    expect(await checkoutPrice(restarted, 'monthly')).toBe(monthly);
    expect(await checkoutPrice(restarted, 'annual')).toBe(annual);
    expect(priceCreates()).toBe(2);
    expect(standIn.products.size).toBe(2);
  });

  it('with price ids: those prices, and nothing made at Stripe', async () => {
    const creates = priceCreates();
    const ctx = await startApp({
      STRIPE_PRICE_MONTHLY: 'price_dashboard_monthly',
      STRIPE_PRICE_ANNUAL: 'price_dashboard_annual',
    });
    expect(await checkoutPrice(ctx, 'monthly')).toBe('price_dashboard_monthly');
    expect(await checkoutPrice(ctx, 'annual')).toBe('price_dashboard_annual');
    expect(priceCreates()).toBe(creates);
  });

  it('a failed lookup fails that checkout only (502); the next one finds or makes the price', async () => {
    const ctx = await startApp();
    standIn.failNext('GET', '/v1/prices');
    people += 1;
    const { browser } = await signUp(ctx, `price-owner-${people}@example.com`);
    const organization = await newOrganization(ctx, browser);
    const failed = await browser.post('/api/payments/create-checkout-session', {
      organizationId: organization.id,
      plan: 'monthly',
    });
    expect(failed.status).toBe(502);
    const monthly = await checkoutPrice(ctx, 'monthly');
    expect(standIn.prices.get(monthly)?.lookup_key).toBe(
      'scaling-impact-monthly-1200-usd-per-month',
    );
  });
});

it("the payments set-up names the webhook endpoint's API version: the server's Stripe SDK's", async () => {
  const setUp = await readFile(
    new URL('../../../docs/operations/payments.md', import.meta.url),
    'utf8',
  );
  expect(setUp).toContain(`with the API version **\`${Stripe.API_VERSION}\`**`);
});
