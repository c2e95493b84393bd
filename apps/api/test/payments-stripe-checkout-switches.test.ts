import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, CategoryGroup, CheckoutSession, Organization } from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import { createAgent } from './support/browser-agent.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/** The tax and promotion-code switches (STRIPE_AUTOMATIC_TAX, STRIPE_PROMOTION_CODES). */
describe("Stripe checkout's opt-in switches", () => {
  let standIn: StripeStandIn;
  const apps: TestContext[] = [];
  let people = 0;

  const start = async (switches: Record<string, string>) => {
    const ctx = await createTestApp({
      STRIPE_SECRET_KEY: standIn.apiKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_URL: standIn.url,
      RATE_LIMITS: 'off',
      ...switches,
    });
    apps.push(ctx);
    return ctx;
  };

  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    for (const ctx of apps) await ctx.close();
    await standIn?.close();
  });

  /** An owner's new organization, checked out through the API: what Stripe was asked for. */
  const checkoutAt = async (ctx: TestContext) => {
    people += 1;
    const owner = await signUp(ctx, `switches-owner-${people}@example.com`);
    const anyone = createAgent(ctx.app);
    const categories = (await anyone.get<Body<Category[]>>('/api/categories')).body.data;
    const groups = (await anyone.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
    const created = await owner.browser.post<Body<Organization>>('/api/organizations', {
      name: `Seed Bank ${people}`,
      description: 'Keeps heirloom seeds.',
      country: 'PT',
      categoryIds: groups.map((group) => categories.find((c) => c.groupId === group.id)!.id),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const answer = await owner.browser.post<Body<CheckoutSession>>(
      '/api/payments/create-checkout-session',
      { organizationId: created.body.data.id, plan: 'monthly' },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const request = standIn.requests.findLast(
      (one) => one.method === 'POST' && one.path === '/v1/checkout/sessions',
    );
    return { request: request!.body, session: standIn.sessions.get(answer.body.data.sessionId)! };
  };

  const switchParams = [
    'automatic_tax',
    'billing_address_collection',
    'tax_id_collection',
    'customer_update',
    'allow_promotion_codes',
    'discounts',
  ];
  const switchesOf = (request: Record<string, unknown>) =>
    Object.fromEntries(switchParams.filter((key) => key in request).map((k) => [k, request[k]]));

  it('asks for neither taxes nor promotion codes by default', async () => {
    const { request, session } = await checkoutAt(await start({}));
    expect(switchesOf(request)).toEqual({});
    expect(session).toMatchObject({
      automatic_tax: { enabled: false },
      billing_address_collection: null,
      tax_id_collection: { enabled: false },
    });
  });

  it('with STRIPE_AUTOMATIC_TAX: automatic tax, billing address and tax id, saved on the customer', async () => {
    const { request, session } = await checkoutAt(await start({ STRIPE_AUTOMATIC_TAX: 'on' }));
    expect(switchesOf(request)).toEqual({
      automatic_tax: { enabled: 'true' },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
      customer_update: { address: 'auto', name: 'auto' },
    });
    // Stripe accepted them with the user's customer, as it would.
    expect(request.customer).toMatch(/^cus_/);
    expect(session).toMatchObject({
      automatic_tax: { enabled: true },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: true },
    });
  });

  it('with STRIPE_PROMOTION_CODES: promotion codes allowed, and no discounts sent beside them', async () => {
    const { request } = await checkoutAt(await start({ STRIPE_PROMOTION_CODES: 'true' }));
    expect(switchesOf(request)).toEqual({ allow_promotion_codes: 'true' });
  });

  it('with both on: both sets of parameters, which Stripe takes together', async () => {
    const { request, session } = await checkoutAt(
      await start({ STRIPE_AUTOMATIC_TAX: '1', STRIPE_PROMOTION_CODES: '1' }),
    );
    expect(switchesOf(request)).toEqual({
      automatic_tax: { enabled: 'true' },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
      customer_update: { address: 'auto', name: 'auto' },
      allow_promotion_codes: 'true',
    });
    expect(session.status).toBe('open');
  });
});
