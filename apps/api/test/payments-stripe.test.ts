import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentErrorCodes,
  type Category,
  type CategoryGroup,
  type CheckoutSession,
  type Organization,
  type OrganizationListMeta,
  type OrganizationSummary,
  type PaymentSessionStatus,
  type PlanChoice,
  type Redirect,
  type Subscription,
} from '@si/contracts';
import { countRows, signUp, type Body } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { TEST_PUBLIC_URL, createTestApp, type TestContext } from './support/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

type Owner = { browser: Agent; id: string; email: string };
/** An organization created through the API, with a word only its name contains. */
type Fixture = { owner: Owner; id: string; name: string; word: string; categoryIds: string[] };
type WebhookAnswer = { status: number; body: { outcome?: string; error?: { code: string } } };

/** A deterministic shuffle (mulberry32 + Fisher-Yates): the same seed, the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A lower-case word no other organization's name, description or location contains. */
const uniqueWord = () =>
  [...randomBytes(10)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

describe('payments through Stripe (the local stand-in of its API and webhooks)', () => {
  let ctx: TestContext;
  let standIn: StripeStandIn;
  let oneFromEachGroup: string[];
  let people = 0;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestApp({
      STRIPE_SECRET_KEY: standIn.apiKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_URL: standIn.url,
      RATE_LIMITS: 'off',
      DIRECTORY_CACHE_MS: '0',
    });
    const anyone = createAgent(ctx.app);
    const categories = (await anyone.get<Body<Category[]>>('/api/categories')).body.data;
    const groups = (await anyone.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
    oneFromEachGroup = groups.map(
      (group) => categories.find((category) => category.groupId === group.id)!.id,
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await standIn?.close();
  });

  // --- Helpers -------------------------------------------------------------------------------

  const newOwner = async (): Promise<Owner> => {
    people += 1;
    const email = `stripe-owner-${people}@example.com`;
    return { ...(await signUp(ctx, email)), email };
  };

  /** A new unpublished organization of `owner` (a new verified owner if none is given). */
  const orgFixture = async (owner?: Owner): Promise<Fixture> => {
    const by = owner ?? (await newOwner());
    const word = uniqueWord();
    const name = `Kelp Guild ${word}`;
    const created = await by.browser.post<Body<Organization>>('/api/organizations', {
      name,
      description: 'Replants kelp forests with fishing villages.',
      country: 'PT',
      categoryIds: oneFromEachGroup,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { owner: by, id: created.body.data.id, name, word, categoryIds: oneFromEachGroup };
  };

  const startCheckout = async (fx: Fixture, plan: PlanChoice = 'monthly') => {
    const answer = await fx.owner.browser.post<Body<CheckoutSession>>(
      '/api/payments/create-checkout-session',
      { organizationId: fx.id, plan },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  /** POSTs a body to the webhook as Stripe does: no cookies, no Origin. */
  const post = async (payload: string, signature?: string): Promise<WebhookAnswer> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload,
      headers: {
        // What Stripe sends.
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** Signs and delivers one event as Stripe would. */
  const deliver = async (event: Stripe.Event) => {
    const { payload, signature } = standIn.sign(event);
    return post(payload, signature);
  };

  const deliverAll = async (events: Stripe.Event[]) => {
    const outcomes: string[] = [];
    for (const event of events) {
      const answer = await deliver(event);
      expect(answer.status, `${event.type}: ${JSON.stringify(answer.body)}`).toBe(200);
      outcomes.push(answer.body.outcome ?? '');
    }
    return outcomes;
  };

  /** The stand-in's subscription started by a completed checkout. */
  const subscriptionIdOf = (sessionId: string) => standIn.sessions.get(sessionId)!.subscription!;

  /** Checkout, payment at Stripe, and every event it sends delivered in order. */
  const purchase = async (fx: Fixture, plan: PlanChoice = 'monthly') => {
    const { sessionId } = await startCheckout(fx, plan);
    const events = standIn.completeCheckout(sessionId);
    await deliverAll(events);
    return { sessionId, subId: subscriptionIdOf(sessionId), events };
  };

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** The directory, as anyone sees it, searched for `word` (all of it when empty). */
  const directory = async (word = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/organizations${word ? `?q=${word}` : ''}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { data: OrganizationSummary[]; meta: OrganizationListMeta };
  };

  /** What the owner's API and the database say about the organization's subscription. */
  const state = async (fx: Fixture) => {
    const answer = await fx.owner.browser.get<Body<Subscription | null>>(
      `/api/payments/subscription/${fx.id}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [organization] = await rows<{ published: boolean; payment_status: string }>(
      sql`select published, payment_status from organizations where id = ${fx.id}`,
    );
    const listed = await directory(fx.word);
    return {
      subscription: answer.body.data,
      status: answer.body.data?.status ?? null,
      published: organization?.published ?? null,
      paymentStatus: organization?.payment_status ?? null,
      subscriptionRows: await countRows(
        ctx,
        sql`select count(*)::int as n from subscriptions where organization_id = ${fx.id}`,
      ),
      listed: listed.meta.total,
      listedIds: listed.data.map((organization) => organization.id),
      facets: listed.meta.facets,
    };
  };

  /** The owner's emails about this organization in the outbox, by kind. */
  const emails = async (fx: Fixture) => {
    const count = (subject: string) =>
      countRows(
        ctx,
        sql`select count(*)::int as n from email_outbox where recipient = ${fx.owner.email} and subject like ${subject}`,
      );
    return {
      live: await count(`${fx.name} is live on %`),
      failed: await count(`Payment failed for ${fx.name}`),
      ending: await count(`${fx.name} leaves the directory on %`),
      ended: await count(`${fx.name} is no longer in the directory`),
    };
  };
  const noEmails = { live: 0, failed: 0, ending: 0, ended: 0 };

  const eventRows = async (ids: string[]) =>
    ids.length === 0
      ? []
      : rows<{ id: string; n: number }>(
          sql`select id, count(*)::int as n from payment_events where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) group by id order by id`,
        );

  /** What our state should be for the subscription as the stand-in reports it now. */
  const expectedFromStripe = (subId: string) => {
    const sub = standIn.subscriptions.get(subId)!;
    const status =
      sub.status === 'canceled'
        ? 'expired'
        : sub.status === 'past_due'
          ? 'past_due'
          : sub.cancel_at_period_end
            ? 'canceled'
            : 'paid';
    return {
      status,
      published: status !== 'expired',
      endDate: new Date(sub.items.data[0]!.current_period_end * 1000).toISOString(),
    };
  };

  const globalCounts = async () => ({
    subscriptions: await countRows(ctx, sql`select count(*)::int as n from subscriptions`),
    emails: await countRows(ctx, sql`select count(*)::int as n from email_outbox`),
    published: await countRows(
      ctx,
      sql`select count(*)::int as n from organizations where published`,
    ),
  });

  // --- 1. A full purchase ----------------------------------------------------------------------

  it('runs a purchase: one reused customer, a subscription checkout, webhooks, a published profile', async () => {
    const owner = await newOwner();
    const fx = await orgFixture(owner);
    const second = await orgFixture(owner);
    const customersBefore = standIn.customers.size;
    const requestsBefore = standIn.requests.length;
    const totalBefore = (await directory()).meta.total;

    const { sessionId, url } = await startCheckout(fx, 'monthly');
    expect(url).toBe(`${standIn.url}/checkout/${sessionId}`);
    const session = standIn.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      client_reference_id: fx.id,
      amount_total: 1200,
      currency: 'usd',
      // Its first subscription: the editor greets it as newly created (?new=1).
      success_url: `${TEST_PUBLIC_URL}/organizations/${fx.id}/edit?success=true&new=1&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_PUBLIC_URL}/payments/canceled?org=${fx.id}`,
    });
    const checkoutRequest = standIn.requests
      .slice(requestsBefore)
      .find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(checkoutRequest.body).toMatchObject({
      mode: 'subscription',
      customer: session.customer,
      subscription_data: { metadata: { organizationId: fx.id, userId: owner.id, plan: 'monthly' } },
      line_items: [{ quantity: '1', price: expect.stringMatching(/^price_/) }],
    });
    // No price ids configured: the plan's price, made once at Stripe and found by its lookup key.
    const monthlyPrice = standIn.prices.get(
      (checkoutRequest.body.line_items as { price: string }[])[0]!.price,
    );
    expect(monthlyPrice).toMatchObject({
      unit_amount: 1200,
      currency: 'usd',
      interval: 'month',
      lookup_key: 'scaling-impact-monthly-1200-usd-per-month',
    });
    expect(standIn.customers.get(session.customer!)).toMatchObject({
      email: owner.email,
      metadata: { userId: owner.id },
    });

    // Not paid yet: the success return's check says so, and nothing is published.
    const early = await owner.browser.get<Body<PaymentSessionStatus>>(
      `/api/payments/session/${sessionId}`,
    );
    expect(early.body.data).toEqual({ sessionId, organizationId: fx.id, paid: false });
    expect((await state(fx)).subscription).toBeNull();

    // A second checkout by the same user (another organization, the annual plan) reuses the customer.
    const annual = await startCheckout(second, 'annual');
    expect(standIn.sessions.get(annual.sessionId)).toMatchObject({
      customer: session.customer,
      amount_total: 10000,
    });
    const annualRequest = standIn.requests.at(-1)!;
    expect(annualRequest.body).toMatchObject({
      subscription_data: { metadata: { organizationId: second.id, plan: 'annual' } },
    });
    const annualPriceId = (annualRequest.body.line_items as { price: string }[])[0]!.price;
    expect(standIn.prices.get(annualPriceId)).toMatchObject({
      unit_amount: 10000,
      interval: 'year',
    });
    expect(standIn.customers.size).toBe(customersBefore + 1);
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from billing_customers where user_id = ${owner.id}`,
      ),
    ).toBe(1);

    // Every create carried an idempotency key our server chose, not the SDK's retry key.
    const posts = standIn.requests.slice(requestsBefore).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path).filter((path) => path !== '/v1/prices')).toEqual([
      '/v1/customers',
      '/v1/checkout/sessions',
      '/v1/checkout/sessions',
    ]);
    for (const request of posts) {
      expect(request.idempotencyKey, request.path).toBeTruthy();
      expect(request.idempotencyKey).not.toMatch(/^stripe-node-retry-/);
    }
    expect(posts[0]!.idempotencyKey).toBe(`customer-${owner.id}`);
    expect(posts[1]!.idempotencyKey).not.toBe(posts[2]!.idempotencyKey);

    // The customer pays; Stripe's events arrive.
    const events = standIn.completeCheckout(sessionId);
    expect(await deliverAll(events)).toEqual(['applied', 'applied', 'applied']);
    const subId = subscriptionIdOf(sessionId);
    const after = await state(fx);
    expect(after.subscription).toMatchObject({
      organizationId: fx.id,
      organizationName: fx.name,
      type: 'monthly',
      status: 'paid',
      provider: 'stripe',
      graceEndDate: null,
      published: true,
      endDate: expectedFromStripe(subId).endDate,
    });
    expect(after).toMatchObject({ published: true, paymentStatus: 'paid', subscriptionRows: 1 });
    expect(after.listedIds).toEqual([fx.id]);
    expect(after.listed).toBe(1);
    expect((await directory()).meta.total).toBe(totalBefore + 1);

    const paid = await owner.browser.get<Body<PaymentSessionStatus>>(
      `/api/payments/session/${sessionId}`,
    );
    expect(paid.body.data).toEqual({ sessionId, organizationId: fx.id, paid: true });
    const [sessionRow] = await rows<{ status: string; subscription_id: string }>(
      sql`select status, subscription_id from payment_sessions where id = ${sessionId}`,
    );
    expect(sessionRow).toEqual({ status: 'complete', subscription_id: subId });

    const mine = await owner.browser.get<Body<Subscription[]>>('/api/payments/subscriptions');
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        organizationId: fx.id,
        organizationName: fx.name,
        type: 'monthly',
        status: 'paid',
      }),
    ]);
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1 });
  });

  // --- 2. Redelivery -------------------------------------------------------------------------

  it('handles each event once however many times it is delivered, also concurrently', async () => {
    const fx = await orgFixture();
    const { sessionId } = await startCheckout(fx);
    const [completed, created, invoicePaid] = standIn.completeCheckout(sessionId);
    const subId = subscriptionIdOf(sessionId);

    // Five at once: one applies, the others are duplicates.
    const together = await Promise.all(Array.from({ length: 5 }, () => deliver(completed!)));
    expect(together.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(together.map((answer) => answer.body.outcome).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    for (const event of [created!, invoicePaid!]) {
      const outcomes = await deliverAll(Array.from({ length: 5 }, () => event));
      expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    }
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true, subscriptionRows: 1 });
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1 });

    const failed = standIn.failPayment(subId);
    await deliverAll(failed.slice(0, 1));
    const graceEndDate = (await state(fx)).subscription!.graceEndDate;
    expect(graceEndDate).not.toBeNull();
    for (const event of failed) {
      await deliverAll(Array.from({ length: 5 }, () => event));
    }
    const end = await state(fx);
    expect(end).toMatchObject({ status: 'past_due', published: true, subscriptionRows: 1 });
    // The grace period counts from the first delivery, not from the redeliveries.
    expect(end.subscription!.graceEndDate).toBe(graceEndDate);
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, failed: 1 });

    const ids = [completed!, created!, invoicePaid!, ...failed].map((event) => event.id);
    expect(await eventRows(ids)).toEqual(ids.map((id) => ({ id, n: 1 })).sort(byId));
  });
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

  // --- 3. Any order ------------------------------------------------------------------------------

  /** Stories told at Stripe; each returns after the stand-in holds its final state. */
  const stories: {
    name: string;
    expected: 'paid' | 'past_due' | 'canceled' | 'expired';
    play(fx: Fixture, sessionId: string, subId: string): Promise<void>;
  }[] = [
    {
      name: 'a failed renewal that recovers',
      expected: 'paid',
      play: async (_fx, _session, subId) => {
        standIn.failPayment(subId);
        standIn.recoverPayment(subId);
      },
    },
    {
      name: 'failed renewals until Stripe ends the subscription',
      expected: 'expired',
      play: async (_fx, _session, subId) => {
        standIn.failPayment(subId);
        standIn.failPayment(subId);
        standIn.endSubscription(subId);
      },
    },
    {
      name: 'a renewal, then a failed renewal',
      expected: 'past_due',
      play: async (_fx, _session, subId) => {
        standIn.renew(subId);
        standIn.failPayment(subId);
      },
    },
    {
      name: 'canceled by the owner, then ended by Stripe',
      expected: 'expired',
      play: async (fx, sessionId, subId) => {
        // The success return activates it, so that the owner can cancel before any event.
        await fx.owner.browser.get(`/api/payments/session/${sessionId}`);
        const cancel = await fx.owner.browser.post(`/api/payments/subscriptions/${fx.id}/cancel`);
        expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
        standIn.endSubscription(subId);
      },
    },
    {
      name: 'canceled, resumed, then renewed',
      expected: 'paid',
      play: async (fx, sessionId, subId) => {
        await fx.owner.browser.get(`/api/payments/session/${sessionId}`);
        await fx.owner.browser.post(`/api/payments/subscriptions/${fx.id}/cancel`);
        const resume = await fx.owner.browser.post(`/api/payments/subscriptions/${fx.id}/resume`);
        expect(resume.status, JSON.stringify(resume.body)).toBe(200);
        standIn.renew(subId);
      },
    },
    {
      name: 'canceled at period end (still running)',
      expected: 'canceled',
      play: async (fx, sessionId) => {
        await fx.owner.browser.get(`/api/payments/session/${sessionId}`);
        await fx.owner.browser.post(`/api/payments/subscriptions/${fx.id}/cancel`);
      },
    },
  ];

  it.each(stories)(
    'ends in the state Stripe reports, in any order of events: $name',
    async (story) => {
      const owner = await newOwner();
      for (const seed of [1, 7, 42]) {
        const fx = await orgFixture(owner);
        const { sessionId } = await startCheckout(fx);
        const first = standIn.events.length;
        standIn.completeCheckout(sessionId);
        const subId = subscriptionIdOf(sessionId);
        await story.play(fx, sessionId, subId);
        // Everything Stripe sent about it: the controls' events and those our own calls caused.
        const events = standIn.events.slice(first);
        const order = shuffled(events, seed);
        await deliverAll(order);

        const expected = expectedFromStripe(subId);
        expect(expected.status, 'the story ends where it says').toBe(story.expected);
        const end = await state(fx);
        expect(end.subscription, `seed ${seed}`).toMatchObject({
          status: expected.status,
          published: expected.published,
          endDate: expected.endDate,
        });
        expect(end).toMatchObject({
          published: expected.published,
          subscriptionRows: 1,
          listed: expected.published ? 1 : 0,
        });
        const sent = await emails(fx);
        for (const [kind, count] of Object.entries(sent)) {
          expect(count, `${kind} emails, seed ${seed}`).toBeLessThanOrEqual(1);
        }

        // Delivered all over again in another order: nothing changes.
        const again = await deliverAll(shuffled(events, seed + 1000));
        expect(new Set(again)).toEqual(new Set(['duplicate']));
        expect(await state(fx)).toEqual(end);
        expect(await emails(fx)).toEqual(sent);
      }
    },
    60_000,
  );

  it('does not let a slow read-back of an older event overwrite a newer state', async () => {
    const fx = await orgFixture();
    const { subId } = await purchase(fx);

    // A renewal's event comes in; reading the subscription back from Stripe is slow...
    const [renewalPaid] = standIn.renew(subId);
    const held = standIn.holdNext('GET', `/v1/subscriptions/${subId}`);
    const slow = deliver(renewalPaid!);
    await held.arrived;
    // ...meanwhile a payment fails at Stripe and its events are handled at once.
    await deliverAll(standIn.failPayment(subId));
    expect((await state(fx)).status).toBe('past_due');
    // Then the slow delivery finishes, with what Stripe said before the failure.
    held.release();
    expect((await slow).status).toBe(200);

    // The read that counts is made under the organization's lock: a slow, older read cannot
    // commit after a newer one.
    expect(
      (await state(fx)).status,
      'a stale read-back committed after a newer one: read the subscription under the lock',
    ).toBe(expectedFromStripe(subId).status);
  });

  // --- 4. Bad signatures ---------------------------------------------------------------------

  it('refuses a tampered, wrongly signed, stale or unsigned delivery and changes nothing', async () => {
    const fx = await orgFixture();
    const { sessionId } = await startCheckout(fx);
    const [completed, created] = standIn.completeCheckout(sessionId);
    const genuine = standIn.sign(completed!);
    const other = standIn.sign(created!);
    const now = Math.floor(Date.now() / 1000);
    const before = await globalCounts();

    const cases: [string, string, string | undefined][] = [
      [
        'a tampered payload',
        genuine.payload.replace(`"id": "${completed!.id}"`, '"id": "evt_forged"'),
        genuine.signature,
      ],
      ['the signature of a different body', genuine.payload, other.signature],
      [
        'a wrong secret',
        genuine.payload,
        standIn.sign(completed!, { secret: 'whsec_not_ours' }).signature,
      ],
      [
        'a stale timestamp',
        standIn.sign(completed!, { timestamp: now - 600 }).payload,
        standIn.sign(completed!, { timestamp: now - 600 }).signature,
      ],
      ['a garbled header', genuine.payload, 'nonsense'],
      ['no header', genuine.payload, undefined],
    ];
    for (const [name, payload, signature] of cases) {
      if (name === 'a tampered payload') expect(payload).not.toBe(genuine.payload);
      const answer = await post(payload, signature);
      expect(answer.status, name).toBe(400);
      expect(answer.body.error?.code, name).toBe(paymentErrorCodes.invalidSignature);
    }
    expect(await globalCounts()).toEqual(before);
    expect(await eventRows([completed!.id, created!.id, 'evt_forged'])).toEqual([]);
    expect(await state(fx)).toMatchObject({ status: null, published: false, subscriptionRows: 0 });
    expect(await emails(fx)).toEqual(noEmails);

    // The genuine delivery applies; replaying it (within the tolerance) is a duplicate.
    expect((await post(genuine.payload, genuine.signature)).body.outcome).toBe('applied');
    expect((await post(genuine.payload, genuine.signature)).body.outcome).toBe('duplicate');
    expect(await state(fx)).toMatchObject({ status: 'paid', subscriptionRows: 1 });
  });

  // --- 5. Events that change nothing --------------------------------------------------------------

  it('acknowledges and ignores events for unknown subscriptions, deleted organizations and other types', async () => {
    const stripe = new Stripe(standIn.apiKey, {
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
    });
    /** A subscription paid at Stripe with `metadata`, not through our checkout. */
    const foreignSubscription = async (metadata: Record<string, string>) => {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: 1200,
              recurring: { interval: 'month' },
              product_data: { name: 'Something else' },
            },
          },
        ],
        subscription_data: { metadata },
        success_url: 'https://elsewhere.example/ok',
        cancel_url: 'https://elsewhere.example/cancel',
      });
      return standIn.completeCheckout(session.id);
    };

    // A deleted organization: paid for, then deleted (canceled at Stripe first).
    const gone = await orgFixture();
    const { subId: goneSub } = await purchase(gone);
    expect((await gone.owner.browser.delete(`/api/organizations/${gone.id}`, {})).status).toBe(200);
    const deletedEvents = standIn.events.filter(
      (event) =>
        event.type === 'customer.subscription.deleted' &&
        (event.data.object as { id: string }).id === goneSub,
    );
    expect(deletedEvents).toHaveLength(1);
    const customerCreated = standIn.events.find((event) => event.type === 'customer.created')!;
    const known = standIn.events.find((event) => event.type === 'customer.subscription.created')!;
    const unknownSubscription = {
      ...known,
      id: 'evt_unknown_subscription',
      type: 'customer.subscription.updated',
      data: { object: { ...known.data.object, id: 'sub_unknown_to_stripe' } },
    } as Stripe.Event;

    const before = await globalCounts();
    const cases: [string, Stripe.Event[]][] = [
      ['a subscription Stripe does not know', [unknownSubscription]],
      ['metadata without organizationId', await foreignSubscription({ plan: 'monthly' })],
      ['an organizationId that is not an id', await foreignSubscription({ organizationId: 'x' })],
      [
        'an organization that never existed',
        await foreignSubscription({ organizationId: randomUUID() }),
      ],
      ['a deleted organization', deletedEvents],
      ['an event type we ignore (customer.created)', [customerCreated]],
    ];
    for (const [name, events] of cases) {
      for (const event of events) {
        const answer = await deliver(event);
        expect(answer.status, `${name}: ${event.type}`).toBe(200);
        expect(answer.body.outcome, `${name}: ${event.type}`).toBe('ignored');
      }
    }
    expect(await globalCounts()).toEqual(before);
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from subscriptions where organization_id = ${gone.id}`,
      ),
    ).toBe(0);
    expect(await emails(gone)).toEqual({ ...noEmails, live: 1 });
  });

  it('answers 5xx when Stripe cannot be read back, so that Stripe delivers the event again', async () => {
    const fx = await orgFixture();
    const { sessionId } = await startCheckout(fx);
    const [completed] = standIn.completeCheckout(sessionId);
    standIn.failNext('GET', '/v1/subscriptions/');
    const refused = await deliver(completed!);
    expect(refused.status).toBe(502);
    expect(refused.body.error?.code).toBe(paymentErrorCodes.providerUnavailable);
    expect(await eventRows([completed!.id])).toEqual([]);
    expect(await state(fx)).toMatchObject({ status: null, subscriptionRows: 0 });

    expect((await deliver(completed!)).body.outcome).toBe('applied');
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true, subscriptionRows: 1 });
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1 });
  });

  // --- 6. Success return and webhook racing ----------------------------------------------------

  it('activates once when the success return and the webhook race', async () => {
    const owner = await newOwner();
    for (let round = 0; round < 4; round++) {
      const fx = await orgFixture(owner);
      const { sessionId } = await startCheckout(fx);
      const [completed, , invoicePaid] = standIn.completeCheckout(sessionId);
      const check = () =>
        owner.browser.get<Body<PaymentSessionStatus>>(`/api/payments/session/${sessionId}`);
      const answers = await Promise.all([
        check(),
        deliver(completed!),
        check(),
        deliver(invoicePaid!),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect([answers[0], answers[2]].map((answer) => answer.body.data?.paid)).toEqual([
        true,
        true,
      ]);
      expect(await state(fx), `round ${round}`).toMatchObject({
        status: 'paid',
        published: true,
        subscriptionRows: 1,
        listed: 1,
      });
      expect(await emails(fx), `round ${round}`).toEqual({ ...noEmails, live: 1 });
    }
  });

  it('closes the older checkout at Stripe when a newer one starts: only the newest can be paid', async () => {
    // Two tabs: both checkouts are started before either is paid, so neither gets the 409.
    const fx = await orgFixture();
    const first = await startCheckout(fx);
    const second = await startCheckout(fx);
    expect(standIn.sessions.get(first.sessionId)!.status).toBe('expired');
    expect(() => standIn.completeCheckout(first.sessionId)).toThrow(/is not open/);
    const [older] = await rows<{ status: string }>(
      sql`select status from payment_sessions where id = ${first.sessionId}`,
    );
    expect(older?.status).toBe('canceled');
    await deliverAll(standIn.completeCheckout(second.sessionId));
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true, subscriptionRows: 1 });
  });

  it('refuses a new checkout when the older one was paid a moment ago, and fulfils that one', async () => {
    const fx = await orgFixture();
    const first = await startCheckout(fx);
    // Paid at Stripe; its events are still on their way.
    const events = standIn.completeCheckout(first.sessionId);
    const refused = await fx.owner.browser.post<{ error?: { code: string } }>(
      '/api/payments/create-checkout-session',
      { organizationId: fx.id, plan: 'annual' },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe(paymentErrorCodes.alreadySubscribed);
    const closed = [...standIn.sessions.values()].filter(
      (session) => session.metadata.organizationId === fx.id && session.id !== first.sessionId,
    );
    expect(closed.map((session) => session.status)).toEqual(['expired']);
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true, subscriptionRows: 1 });
    await deliverAll(events);
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true, subscriptionRows: 1 });
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1 });
  });

  it('refunds and ends a second payment that lands all the same, and tells the owner once', async () => {
    const fx = await orgFixture();
    const first = await startCheckout(fx);
    // Stripe cannot be reached to close the older checkout: it stays payable.
    standIn.failNext('POST', `/v1/checkout/sessions/${first.sessionId}/expire`);
    const second = await startCheckout(fx);
    expect(standIn.sessions.get(first.sessionId)!.status).toBe('open');
    const refundsBefore = standIn.refunds.length;
    await deliverAll(standIn.completeCheckout(first.sessionId));
    const secondEvents = standIn.completeCheckout(second.sessionId);
    await deliverAll(secondEvents);
    const secondSub = standIn.subscriptions.get(subscriptionIdOf(second.sessionId))!;
    const secondInvoice = standIn.invoices.get(secondSub.latest_invoice!)!;
    const refunds = standIn.refunds.slice(refundsBefore);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: secondInvoice.amount_paid, reason: 'duplicate' });
    expect(secondSub.status).toBe('canceled');
    expect(standIn.subscriptions.get(subscriptionIdOf(first.sessionId))!.status).toBe('active');
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true, subscriptionRows: 2 });
    const live = await countRows(
      ctx,
      sql`select count(*)::int as n from subscriptions where organization_id = ${fx.id} and status <> 'expired'`,
    );
    expect(live).toBe(1);
    // Delivered again, in another order: nothing more is refunded, nobody is emailed again.
    await deliverAll([...secondEvents].reverse());
    expect(standIn.refunds.length - refundsBefore).toBe(1);
    const [told] = await rows<{ n: number; body: string }>(
      sql`select count(*)::int as n, max(text) as body from email_outbox where recipient = ${fx.owner.email} and subject = ${`Second payment for ${fx.name} refunded`}`,
    );
    expect(told?.n).toBe(1);
    expect(told?.body).toContain('$12.00');
  });

  // --- 7. Payment failure, grace, lapse ----------------------------------------------------------

  it('keeps a profile through the grace period after a failed payment, then unpublishes it', async () => {
    const fx = await orgFixture();
    const { subId } = await purchase(fx);
    const sitemap = async () => (await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(await sitemap()).toContain(fx.id);

    const before = Date.now();
    await deliverAll(standIn.failPayment(subId));
    const after = Date.now();
    const failing = await state(fx);
    expect(failing).toMatchObject({ status: 'past_due', published: true, listed: 1 });
    const graceEnd = new Date(failing.subscription!.graceEndDate!).getTime();
    expect(graceEnd).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(graceEnd).toBeLessThanOrEqual(after + 7 * DAY_MS);
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, failed: 1 });

    // A day before the end of the grace period: a reminder, still published.
    await ctx.app.jobs.applyLapses(new Date(graceEnd - DAY_MS));
    expect(await state(fx)).toMatchObject({ status: 'past_due', published: true, listed: 1 });
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, failed: 1, ending: 1 });
    const facetsBefore = failing.facets;
    for (const category of fx.categoryIds) expect(facetsBefore[category]).toBe(1);

    // After it: expired, unpublished (never deleted), out of the directory and its counts.
    const lapseAt = new Date(graceEnd + MINUTE_MS);
    await ctx.app.jobs.applyLapses(lapseAt);
    const lapsed = await state(fx);
    expect(lapsed).toMatchObject({
      status: 'expired',
      published: false,
      paymentStatus: 'pending',
      subscriptionRows: 1,
      listed: 0,
    });
    for (const category of fx.categoryIds) expect(lapsed.facets[category] ?? 0).toBe(0);
    expect(await sitemap()).not.toContain(fx.id);
    expect((await fx.owner.browser.get(`/api/organizations/${fx.id}`)).status).toBe(200);
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, failed: 1, ending: 1, ended: 1 });

    // Running the job again changes nothing and sends nothing.
    expect(await ctx.app.jobs.applyLapses(lapseAt)).toMatchObject({ expired: 0, reminded: 0 });
    expect(await ctx.app.jobs.applyLapses(new Date(graceEnd + DAY_MS))).toMatchObject({
      expired: 0,
      reminded: 0,
    });
    expect(await state(fx)).toEqual(lapsed);
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, failed: 1, ending: 1, ended: 1 });
  });

  it('cancels the subscription at Stripe when the grace ends, so no late retry can publish it again', async () => {
    const fx = await orgFixture();
    const { subId } = await purchase(fx);
    await deliverAll(standIn.failPayment(subId));
    const graceEnd = Date.parse((await state(fx)).subscription!.graceEndDate!);
    const cancels = () =>
      standIn.requests.filter(
        (request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${subId}`,
      ).length;

    // Within the grace Stripe keeps retrying, and nothing is canceled there.
    await ctx.app.jobs.applyLapses(new Date(graceEnd - DAY_MS));
    expect(cancels()).toBe(0);
    expect(standIn.subscriptions.get(subId)!.status).toBe('past_due');

    const eventsBefore = standIn.events.length;
    const lapseAt = new Date(graceEnd + MINUTE_MS);
    const run = await ctx.app.jobs.applyLapses(lapseAt);
    expect(run?.gracesEnded).toBeGreaterThanOrEqual(1);
    expect(cancels()).toBe(1);
    expect(standIn.subscriptions.get(subId)!.status).toBe('canceled');
    const lapsed = await state(fx);
    expect(lapsed).toMatchObject({ status: 'expired', published: false, listed: 0 });
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, failed: 1, ending: 1, ended: 1 });

    // Stripe's own event about the cancel agrees, however often it comes.
    const deleted = standIn.events.slice(eventsBefore);
    expect(deleted.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    await deliverAll([...deleted, ...deleted]);
    // Stripe no longer retries the open invoice of a canceled subscription: the owner's "left"
    // email stays true.
    expect(() => standIn.recoverPayment(subId)).toThrow(/canceled/);
    // Running the job again asks Stripe nothing and changes nothing.
    expect(await ctx.app.jobs.applyLapses(lapseAt)).toMatchObject({ expired: 0, gracesEnded: 0 });
    expect(cancels()).toBe(1);
    expect(await state(fx)).toEqual(lapsed);
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, failed: 1, ending: 1, ended: 1 });
  });

  it('keeps a grace running while Stripe cannot cancel it, and ends it at the next run', async () => {
    const fx = await orgFixture();
    const { subId } = await purchase(fx);
    await deliverAll(standIn.failPayment(subId));
    const graceEnd = Date.parse((await state(fx)).subscription!.graceEndDate!);
    const lapseAt = new Date(graceEnd + MINUTE_MS);

    // Stripe fails the cancel: nothing is recorded, the owner is not told the profile has left
    // (Stripe could still collect the renewal), and the next run tries again.
    standIn.failNext('DELETE', `/v1/subscriptions/${subId}`);
    await ctx.app.jobs.applyLapses(lapseAt);
    expect(standIn.subscriptions.get(subId)!.status).toBe('past_due');
    expect(await state(fx)).toMatchObject({ status: 'past_due', published: true, listed: 1 });
    expect(await emails(fx)).toMatchObject({ ended: 0 });

    // The next run reaches Stripe: canceled there, then expired here, one email.
    const run = await ctx.app.jobs.applyLapses(new Date(lapseAt.getTime() + MINUTE_MS));
    expect(run?.gracesEnded).toBeGreaterThanOrEqual(1);
    expect(standIn.subscriptions.get(subId)!.status).toBe('canceled');
    expect(await state(fx)).toMatchObject({ status: 'expired', published: false, listed: 0 });
    expect(await emails(fx)).toMatchObject({ ended: 1 });
  });

  it('keeps a profile whose renewal Stripe collected before the grace ended, and cancels nothing', async () => {
    const fx = await orgFixture();
    const { subId } = await purchase(fx);
    await deliverAll(standIn.failPayment(subId));
    const graceEnd = Date.parse((await state(fx)).subscription!.graceEndDate!);
    // A retry succeeds, and its events are lost: the job reads it back at the grace's end.
    standIn.recoverPayment(subId);
    await ctx.app.jobs.applyLapses(new Date(graceEnd + MINUTE_MS));
    expect(standIn.subscriptions.get(subId)!.status).toBe('active');
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true, listed: 1 });
    expect(await emails(fx)).toMatchObject({ ended: 0 });
  });

  it('reads back a subscription whose end never reported (a webhook endpoint down for days)', async () => {
    const fx = await orgFixture();
    const { sessionId } = await startCheckout(fx);
    await deliverAll(standIn.completeCheckout(sessionId));
    const subscriptionId = subscriptionIdOf(sessionId);
    // Stripe ends it (retries exhausted, say), and none of its events arrive.
    standIn.endSubscription(subscriptionId);
    const periodEnd = Date.parse((await state(fx)).subscription!.endDate);
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true });
    // Within a day of the period's end the renewal's events may still come: nothing is asked.
    await ctx.app.jobs.applyLapses(new Date(periodEnd + DAY_MS / 2));
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true });
    const run = await ctx.app.jobs.applyLapses(new Date(periodEnd + 2 * DAY_MS));
    expect(run?.rechecked).toBeGreaterThanOrEqual(1);
    expect(await state(fx)).toMatchObject({ status: 'expired', published: false, listed: 0 });
  });

  // --- 8. Cancel --------------------------------------------------------------------------------

  it('keeps a canceled subscription published to the period end, then unpublishes it', async () => {
    const fx = await orgFixture();
    const { subId } = await purchase(fx);
    const eventsBefore = standIn.events.length;
    const cancel = await fx.owner.browser.post<Body<Subscription>>(
      `/api/payments/subscriptions/${fx.id}/cancel`,
    );
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: 'canceled', published: true });
    expect(standIn.subscriptions.get(subId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    // Stripe's own event about the change agrees.
    await deliverAll(standIn.events.slice(eventsBefore));
    expect(await state(fx)).toMatchObject({ status: 'canceled', published: true, listed: 1 });

    const periodEnd = new Date(cancel.body.data.endDate).getTime();
    expect(cancel.body.data.endDate).toBe(expectedFromStripe(subId).endDate);
    await ctx.app.jobs.applyLapses(new Date(periodEnd - DAY_MS));
    expect(await state(fx)).toMatchObject({ status: 'canceled', published: true, listed: 1 });
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, ending: 1 });

    await ctx.app.jobs.applyLapses(new Date(periodEnd + MINUTE_MS));
    const lapsed = await state(fx);
    expect(lapsed).toMatchObject({ status: 'expired', published: false, listed: 0 });
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, ending: 1, ended: 1 });

    // Stripe then ends it: the same end state, no second email.
    await deliverAll(standIn.endSubscription(subId));
    expect(await state(fx)).toEqual(lapsed);
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, ending: 1, ended: 1 });

    // Stripe's end alone (no job run) gives the same end state.
    const other = await orgFixture();
    const { subId: otherSub } = await purchase(other);
    await other.owner.browser.post(`/api/payments/subscriptions/${other.id}/cancel`);
    await deliverAll(standIn.endSubscription(otherSub));
    expect(await state(other)).toMatchObject({
      status: 'expired',
      published: false,
      listed: 0,
      subscriptionRows: 1,
    });
    expect(await emails(other)).toEqual({ ...noEmails, live: 1, ended: 1 });
  });

  // --- 9. Resume --------------------------------------------------------------------------------

  it('keeps a subscription resumed before the end published after the old period end', async () => {
    const fx = await orgFixture();
    const { subId } = await purchase(fx);
    const eventsBefore = standIn.events.length;
    const cancel = await fx.owner.browser.post<Body<Subscription>>(
      `/api/payments/subscriptions/${fx.id}/cancel`,
    );
    const periodEnd = new Date(cancel.body.data.endDate).getTime();
    // A reminder goes out while it is ending...
    await ctx.app.jobs.applyLapses(new Date(periodEnd - DAY_MS));
    expect(await emails(fx)).toMatchObject({ ending: 1 });

    const resume = await fx.owner.browser.post<Body<Subscription>>(
      `/api/payments/subscriptions/${fx.id}/resume`,
    );
    expect(resume.status, JSON.stringify(resume.body)).toBe(200);
    expect(resume.body.data).toMatchObject({ status: 'paid', published: true });
    expect(standIn.subscriptions.get(subId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    });
    // Stripe's events about cancel and resume, even the wrong way round, agree.
    await deliverAll(standIn.events.slice(eventsBefore).reverse());
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true });

    // ...and after the old period end nothing lapses.
    await ctx.app.jobs.applyLapses(new Date(periodEnd + DAY_MS));
    expect(await state(fx)).toMatchObject({
      status: 'paid',
      published: true,
      listed: 1,
      paymentStatus: 'paid',
    });
    expect(await emails(fx)).toEqual({ ...noEmails, live: 1, ending: 1 });
    const again = await fx.owner.browser.post(`/api/payments/subscriptions/${fx.id}/resume`);
    expect(again.status).toBe(409);
  });

  // --- 10. Billing portal ------------------------------------------------------------------------

  it("opens Stripe's billing portal for the owner only", async () => {
    const fx = await orgFixture();
    await purchase(fx);
    const unpublished = await orgFixture(fx.owner);
    const portal = (agent: Agent, id: string) =>
      agent.post<Body<Redirect>>(`/api/payments/subscriptions/${id}/billing-portal`);

    const opened = await portal(fx.owner.browser, fx.id);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data.url).toMatch(new RegExp(`^${standIn.url}/billing_portal/bps_`));
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions' });
    expect(request.body).toMatchObject({
      return_url: `${TEST_PUBLIC_URL}/dashboard/organizations`,
    });
    expect(standIn.customers.get(request.body.customer as string)).toMatchObject({
      metadata: { userId: fx.owner.id },
    });

    const stranger = await newOwner();
    expect((await portal(stranger.browser, unpublished.id)).status).toBe(404);
    expect((await portal(stranger.browser, fx.id)).status).toBe(403);
    expect((await portal(createAgent(ctx.app), fx.id)).status).toBe(401);
  });

  // --- 11. Deletion -----------------------------------------------------------------------------

  it('cancels at Stripe before deleting an organization, and deletes nothing when it cannot', async () => {
    const fx = await orgFixture();
    const { subId } = await purchase(fx);

    standIn.failNext('DELETE', '/v1/subscriptions/');
    const refused = await fx.owner.browser.delete(`/api/organizations/${fx.id}`, {});
    expect(refused.status).toBe(502);
    expect(refused.body.error?.code).toBe(paymentErrorCodes.providerUnavailable);
    expect((await fx.owner.browser.get(`/api/organizations/${fx.id}`)).status).toBe(200);
    expect(await state(fx)).toMatchObject({ status: 'paid', published: true, subscriptionRows: 1 });
    expect(standIn.subscriptions.get(subId)!.status).toBe('active');

    const deleted = await fx.owner.browser.delete(`/api/organizations/${fx.id}`, {});
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(standIn.subscriptions.get(subId)!.status).toBe('canceled');
    expect((await fx.owner.browser.get(`/api/organizations/${fx.id}`)).status).toBe(404);
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from subscriptions where organization_id = ${fx.id}`,
      ),
    ).toBe(0);

    // Already ended at Stripe (its event not yet here): nothing to cancel, the deletion goes on.
    const ended = await orgFixture();
    const { subId: endedSub } = await purchase(ended);
    standIn.endSubscription(endedSub);
    expect((await ended.owner.browser.delete(`/api/organizations/${ended.id}`, {})).status).toBe(
      200,
    );
  });

  it('cancels at Stripe before deleting an account, and deletes nothing when it cannot', async () => {
    const owner = await newOwner();
    const first = await orgFixture(owner);
    const second = await orgFixture(owner);
    const subs = [(await purchase(first)).subId, (await purchase(second, 'annual')).subId];
    const users = () =>
      countRows(ctx, sql`select count(*)::int as n from users where id = ${owner.id}`);

    standIn.failNext('DELETE', '/v1/subscriptions/');
    const refused = await owner.browser.delete('/api/users/me', {
      confirmation: 'DELETE',
      password: 'secret1',
    });
    expect(refused.status).toBe(502);
    expect(refused.body.error?.code).toBe(paymentErrorCodes.providerUnavailable);
    expect(await users()).toBe(1);
    for (const fx of [first, second]) {
      expect(await state(fx)).toMatchObject({
        status: 'paid',
        published: true,
        subscriptionRows: 1,
      });
    }
    expect(subs.map((id) => standIn.subscriptions.get(id)!.status)).toEqual(['active', 'active']);

    const deleted = await owner.browser.delete('/api/users/me', {
      confirmation: 'DELETE',
      password: 'secret1',
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(subs.map((id) => standIn.subscriptions.get(id)!.status)).toEqual([
      'canceled',
      'canceled',
    ]);
    expect(await users()).toBe(0);
    expect(
      await countRows(
        ctx,
        sql`select count(*)::int as n from organizations where id in (${first.id}, ${second.id})`,
      ),
    ).toBe(0);
  });

  // --- 12. Bad input ----------------------------------------------------------------------------

  it('refuses bad checkout and session requests, and hides the test checkout', async () => {
    const fx = await orgFixture();
    const stranger = await newOwner();
    const requestsBefore = standIn.requests.length;
    const create = (agent: Agent, body: unknown) =>
      agent.post<Body<CheckoutSession>>('/api/payments/create-checkout-session', body);

    const weekly = await create(fx.owner.browser, { organizationId: fx.id, plan: 'weekly' });
    expect(weekly.status).toBe(400);
    expect(
      (await create(stranger.browser, { organizationId: fx.id, plan: 'monthly' })).status,
    ).toBe(404);
    expect(
      (await create(createAgent(ctx.app), { organizationId: fx.id, plan: 'monthly' })).status,
    ).toBe(401);
    expect(standIn.requests.length, 'no call reached Stripe').toBe(requestsBefore);

    const { sessionId } = await purchase(fx);
    expect((await stranger.browser.get(`/api/payments/session/${sessionId}`)).status).toBe(404);
    expect((await stranger.browser.get(`/api/payments/session/cs_test_nope`)).status).toBe(404);
    // Published now: another user is told it is not theirs.
    expect(
      (await create(stranger.browser, { organizationId: fx.id, plan: 'monthly' })).status,
    ).toBe(403);

    const again = await create(fx.owner.browser, { organizationId: fx.id, plan: 'annual' });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe(paymentErrorCodes.alreadySubscribed);

    for (const [method, url] of [
      ['GET', `/api/payments/test-checkout/${sessionId}`],
      ['POST', `/api/payments/test-checkout/${sessionId}/pay`],
      ['POST', `/api/payments/test-checkout/${sessionId}/cancel`],
    ] as const) {
      const answer = await fx.owner.browser.call(method, url, method === 'POST' ? {} : undefined);
      expect(answer.status, `${method} ${url}`).toBe(404);
    }
    expect(await state(fx)).toMatchObject({ status: 'paid', subscriptionRows: 1 });
  });

  it('gives a user who had a test-mode customer a Stripe customer at their first Stripe checkout', async () => {
    // A user who paid in the built-in test checkout before Stripe was configured.
    const fx = await orgFixture();
    await ctx.database.db.execute(
      sql`insert into billing_customers (user_id, provider, customer_id) values (${fx.owner.id}, 'test', ${`cus_test_${uniqueWord()}`})`,
    );
    const answer = await fx.owner.browser.post<Body<CheckoutSession>>(
      '/api/payments/create-checkout-session',
      { organizationId: fx.id, plan: 'monthly' },
    );
    // A test-mode customer from before Stripe was configured is replaced by a Stripe one.
    expect(
      answer.status,
      `checkout answered ${JSON.stringify(answer.body)}: saveCustomer kept the test-mode customer`,
    ).toBe(200);
    const [customer] = await rows<{ provider: string; customer_id: string }>(
      sql`select provider, customer_id from billing_customers where user_id = ${fx.owner.id}`,
    );
    expect(customer?.provider).toBe('stripe');
    expect(standIn.customers.has(customer!.customer_id)).toBe(true);
  });
});
