import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentErrorCodes,
  type CheckoutSession,
  type Organization,
  type Subscription,
} from '@si/contracts';
import { countRows, signUp, type Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { signUpOperator } from './support/operators.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * Refunds and disputes through Stripe (its local stand-in; ADR 013): a full refund made at Stripe
 * or a dispute holds the period it paid for out of the directory at once, a won dispute lets a
 * still-paid period publish again; the product's own refunds are not handled twice.
 */

type Owner = { browser: Agent; id: string; email: string };
type Fixture = { owner: Owner; id: string; name: string };
type WebhookAnswer = { status: number; outcome?: string; code?: string };

describe('refunds and disputes through Stripe', () => {
  let ctx: TestContext;
  let standIn: StripeStandIn;
  let operator: Agent;
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
    operator = (await signUpOperator(ctx, 'disputes-operator@example.org')).browser;
  });
  afterAll(async () => {
    await ctx?.close();
    await standIn?.close();
  });

  const post = async (payload: string, signature?: string): Promise<WebhookAnswer> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
    });
    const body = response.json<{ outcome?: string; error?: { code: string } }>();
    return { status: response.statusCode, outcome: body.outcome, code: body.error?.code };
  };
  const deliver = (event: Stripe.Event) => {
    const { payload, signature } = standIn.sign(event);
    return post(payload, signature);
  };
  /** Delivers each event; their outcomes. */
  const deliverAll = async (events: Stripe.Event[]) => {
    const outcomes: string[] = [];
    for (const event of events) {
      const answer = await deliver(event);
      expect(answer.status, `${event.type}: ${JSON.stringify(answer)}`).toBe(200);
      outcomes.push(answer.outcome ?? '');
    }
    return outcomes;
  };

  /** A new owner's organization, not yet paid for. */
  const orgFixture = async (): Promise<Fixture> => {
    people += 1;
    const email = `dispute-owner-${people}@example.org`;
    const owner = { ...(await signUp(ctx, email)), email };
    const name = `Tide Pool Trust ${people} ${randomUUID().slice(0, 8)}`;
    const id = await createOrganization(ctx.database.db, {
      name,
      createdBy: owner.id,
      published: false,
    });
    return { owner, id, name };
  };
  const startCheckout = async (fx: Fixture) => {
    const answer = await fx.owner.browser.post<Body<CheckoutSession>>(
      '/api/payments/create-checkout-session',
      { organizationId: fx.id, plan: 'monthly' },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.sessionId;
  };
  /** Paid at Stripe, every event delivered: published. */
  const purchase = async (fx: Fixture) => {
    const sessionId = await startCheckout(fx);
    await deliverAll(standIn.completeCheckout(sessionId));
    return standIn.sessions.get(sessionId)!.subscription!;
  };

  /** The answer to the owner saving the profile unchanged (402 while it is not paid for). */
  const saveStatus = async (fx: Fixture) => {
    const read = await fx.owner.browser.get<Body<Organization>>(`/api/organizations/${fx.id}`);
    expect(read.status).toBe(200);
    const o = read.body.data;
    const save = await fx.owner.browser.call('PUT', `/api/organizations/${fx.id}`, {
      version: o.version,
      name: o.name,
      description: o.description,
      country: o.country,
      location: o.location,
      foundedYear: o.foundedYear,
      websiteUrl: o.websiteUrl,
      linkedinUrl: o.linkedinUrl,
      twitterUrl: o.twitterUrl,
      blogUrl: o.blogUrl,
      categoryIds: o.categoryIds,
      categoriesOrder: o.categoriesOrder,
      categoriesDetails: o.categoriesDetails,
    });
    return save.status;
  };

  /** What the owner's screens and the public see of the organization. */
  const state = async (fx: Fixture) => {
    const mine = await fx.owner.browser.get<Body<Subscription[]>>('/api/payments/subscriptions');
    expect(mine.status).toBe(200);
    const listed = mine.body.data.find((one) => one.organizationId === fx.id) ?? null;
    const profile = await ctx.app.inject(`/api/organizations/${fx.id}`);
    return {
      status: listed?.status ?? null,
      paymentHold: listed?.paymentHold ?? null,
      published: listed?.published ?? null,
      publicProfile: profile.statusCode === 200,
    };
  };
  const published = { status: 'paid', paymentHold: null, published: true, publicProfile: true };
  const held = (hold: 'refunded' | 'disputed') => ({
    status: 'paid',
    paymentHold: hold,
    published: false,
    publicProfile: false,
  });

  /** The owner's emails about the organization, by kind. */
  const emails = async (fx: Fixture) => {
    const count = (subject: string) =>
      countRows(
        ctx,
        sql`select count(*)::int as n from email_outbox where recipient = ${fx.owner.email} and subject like ${subject}`,
      );
    return {
      live: await count(`${fx.name} is live on %`),
      refunded: await count(`Payment for ${fx.name} refunded: not published`),
      disputed: await count(`Payment for ${fx.name} disputed: not published`),
      ended: await count(`${fx.name} is no longer in the directory`),
      duplicate: await count(`Second payment for ${fx.name} refunded`),
    };
  };
  const none = { live: 0, refunded: 0, disputed: 0, ended: 0, duplicate: 0 };

  const globalCounts = async () => ({
    subscriptions: await countRows(ctx, sql`select count(*)::int as n from subscriptions`),
    held: await countRows(
      ctx,
      sql`select count(*)::int as n from subscriptions where payment_hold is not null`,
    ),
    emails: await countRows(ctx, sql`select count(*)::int as n from email_outbox`),
    published: await countRows(
      ctx,
      sql`select count(*)::int as n from organizations where published`,
    ),
  });

  it('unpublishes at once on a full refund made at Stripe, emails once, and a paid renewal publishes again', async () => {
    const fx = await orgFixture();
    const subId = await purchase(fx);
    expect(await state(fx)).toEqual(published);

    const refunded = standIn.refundPayment(subId);
    expect(refunded.map((event) => event.type)).toEqual(['charge.refunded']);
    expect(await deliverAll(refunded)).toEqual(['applied']);
    expect(await state(fx)).toEqual(held('refunded'));
    // The editor's payment gate follows: no live subscription, no saving.
    expect(await saveStatus(fx)).toBe(402);
    // Delivered again, also at once: nothing more happens.
    const again = await Promise.all([deliver(refunded[0]!), deliver(refunded[0]!)]);
    expect(again.map((answer) => answer.outcome)).toEqual(['duplicate', 'duplicate']);
    expect(await emails(fx)).toEqual({ ...none, live: 1, refunded: 1 });

    // The subscription still runs at Stripe: the next period's payment publishes it again.
    await deliverAll(standIn.renew(subId));
    expect(await state(fx)).toEqual(published);
    expect(await emails(fx)).toEqual({ ...none, live: 2, refunded: 1 });
  });

  it('holds a disputed period and publishes it again when the dispute is won, in any order', async () => {
    const fx = await orgFixture();
    const subId = await purchase(fx);
    const created = standIn.disputePayment(subId);
    expect(await deliverAll(created)).toEqual(['applied']);
    expect(await state(fx)).toEqual(held('disputed'));
    expect(await emails(fx)).toEqual({ ...none, live: 1, disputed: 1 });

    const disputeId = (created[0]!.data.object as { id: string }).id;
    const won = standIn.closeDispute(disputeId, 'won');
    expect(await deliverAll(won)).toEqual(['applied']);
    expect(await state(fx)).toEqual(published);
    expect(await emails(fx)).toEqual({ ...none, live: 2, disputed: 1 });

    // The same events delivered again, the other way round: Stripe's word (won) stands.
    expect(await deliverAll([...won, ...created])).toEqual(['duplicate', 'duplicate']);
    expect(await state(fx)).toEqual(published);

    // Another organization whose dispute events come closed-first, each for the first time.
    const other = await orgFixture();
    const otherSub = await purchase(other);
    const opened = standIn.disputePayment(otherSub);
    const closed = standIn.closeDispute((opened[0]!.data.object as { id: string }).id, 'won');
    expect(await deliverAll([...closed, ...opened])).toEqual(['applied', 'applied']);
    expect(await state(other)).toEqual(published);
    expect(await emails(other)).toEqual({ ...none, live: 1 });
  });

  it('keeps a lost dispute held, and a won dispute of a period that ended unpublished', async () => {
    const lost = await orgFixture();
    const lostSub = await purchase(lost);
    const opened = standIn.disputePayment(lostSub);
    await deliverAll(opened);
    await deliverAll(standIn.closeDispute((opened[0]!.data.object as { id: string }).id, 'lost'));
    expect(await state(lost)).toEqual(held('disputed'));
    expect(await emails(lost)).toEqual({ ...none, live: 1, disputed: 1 });

    // Won only after the subscription ended at Stripe: the period is no longer paid.
    const ended = await orgFixture();
    const endedSub = await purchase(ended);
    const dispute = standIn.disputePayment(endedSub);
    await deliverAll(dispute);
    await deliverAll(standIn.endSubscription(endedSub));
    await deliverAll(standIn.closeDispute((dispute[0]!.data.object as { id: string }).id, 'won'));
    expect(await state(ended)).toMatchObject({
      status: 'expired',
      published: false,
      publicProfile: false,
    });
  });

  it('reaches the same end when the refund arrives before the purchase events', async () => {
    const fx = await orgFixture();
    const sessionId = await startCheckout(fx);
    const purchaseEvents = standIn.completeCheckout(sessionId);
    const subId = standIn.sessions.get(sessionId)!.subscription!;
    const refund = standIn.refundPayment(subId);
    expect(await deliverAll([...refund, ...purchaseEvents])).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    expect(await state(fx)).toEqual(held('refunded'));
    // Never published, so never announced as live: the owner hears of the refund only.
    expect(await emails(fx)).toEqual({ ...none, refunded: 1 });
  });

  it('changes nothing for a partial refund or a refund of an earlier period', async () => {
    const fx = await orgFixture();
    const subId = await purchase(fx);
    const firstInvoice = standIn.subscriptions.get(subId)!.latest_invoice!;
    expect(await deliverAll(standIn.refundPayment(subId, { amount: 500 }))).toEqual(['applied']);
    expect(await state(fx)).toEqual(published);

    await deliverAll(standIn.renew(subId));
    const before = await globalCounts();
    // The first period's payment, refunded after the renewal paid the current one.
    expect(await deliverAll(standIn.refundPayment(subId, { invoice: firstInvoice }))).toEqual([
      'ignored',
    ]);
    expect(await state(fx)).toEqual(published);
    expect(await globalCounts()).toEqual(before);
    expect(await emails(fx)).toEqual({ ...none, live: 1 });
  });

  it("does not hold a period for the product's own refunds: a duplicate's, an operator's", async () => {
    // A second checkout paid while Stripe could not close the first: refunded as a duplicate.
    const fx = await orgFixture();
    const first = await startCheckout(fx);
    standIn.failNext('POST', `/v1/checkout/sessions/${first}/expire`);
    const second = await startCheckout(fx);
    await deliverAll(standIn.completeCheckout(first));
    const eventsBefore = standIn.events.length;
    await deliverAll(standIn.completeCheckout(second));
    const ownRefund = standIn.events
      .slice(eventsBefore)
      .filter((event) => event.type === 'charge.refunded');
    expect(ownRefund).toHaveLength(1);
    expect(await deliverAll(ownRefund)).toEqual(['applied']);
    expect(await state(fx)).toEqual(published);
    expect(await emails(fx)).toEqual({ ...none, live: 1, duplicate: 1 });
    expect(standIn.refunds.filter((refund) => refund.reason === 'duplicate').at(-1)).toMatchObject({
      metadata: { origin: 'duplicate' },
    });

    // An operator refunds and lets the paid period run out: its charge.refunded keeps it public.
    const paid = await orgFixture();
    await purchase(paid);
    const [version] = (
      (await ctx.database.db.execute(
        sql`select version from organizations where id = ${paid.id}`,
      )) as unknown as { rows: { version: number }[] }
    ).rows;
    const refundsBefore = standIn.events.length;
    const refund = await operator.post(`/api/admin/organizations/${paid.id}/refund`, {
      reason: 'Asked for by the owner',
      version: version!.version,
      unpublish: 'period_end',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const operatorRefund = standIn.events
      .slice(refundsBefore)
      .filter((event) => event.type === 'charge.refunded');
    expect(operatorRefund).toHaveLength(1);
    expect(await deliverAll(operatorRefund)).toEqual(['applied']);
    expect(await state(paid)).toMatchObject({
      status: 'canceled',
      paymentHold: null,
      published: true,
      publicProfile: true,
    });
    expect(await emails(paid)).toEqual({ ...none, live: 1 });
  });

  it('acknowledges refunds and disputes it cannot place, logs them, and changes nothing', async () => {
    // A deleted organization: paid, disputed, deleted (canceled at Stripe first).
    const gone = await orgFixture();
    const goneSub = await purchase(gone);
    const goneDispute = standIn.disputePayment(goneSub);
    expect((await gone.owner.browser.delete(`/api/organizations/${gone.id}`, {})).status).toBe(200);
    const goneRefund = standIn.refundPayment(goneSub);

    const template = goneRefund[0]!;
    const forCharge = (id: string, chargeId: string) =>
      ({
        ...template,
        id,
        data: { object: { ...template.data.object, id: chargeId } },
      }) as Stripe.Event;
    const forDispute = (id: string, disputeId: string) =>
      ({
        ...goneDispute[0]!,
        id,
        data: { object: { ...goneDispute[0]!.data.object, id: disputeId } },
      }) as Stripe.Event;

    const before = await globalCounts();
    const cases: [string, Stripe.Event][] = [
      ['a refund of a charge Stripe does not know', forCharge('evt_unknown_charge', 'ch_unknown')],
      ['a dispute Stripe does not know', forDispute('evt_unknown_dispute', 'dp_unknown')],
      ['a dispute of a deleted organization', goneDispute[0]!],
      ['a refund of a deleted organization', goneRefund[0]!],
    ];
    for (const [name, event] of cases) {
      const answer = await deliver(event);
      expect(answer, name).toEqual({ status: 200, outcome: 'ignored', code: undefined });
    }
    expect(await globalCounts()).toEqual(before);

    // Its signature is checked like every event's: a tampered refund is refused.
    const fx = await orgFixture();
    const subId = await purchase(fx);
    const [event] = standIn.refundPayment(subId);
    const { payload, signature } = standIn.sign(event!);
    const tampered = payload.replace('"refunded": true', '"refunded": false');
    expect(tampered).not.toBe(payload);
    expect(await post(tampered, signature)).toMatchObject({
      status: 400,
      code: paymentErrorCodes.invalidSignature,
    });
    expect(await post(payload)).toMatchObject({ status: 400 });
    expect(await state(fx)).toEqual(published);

    // Stripe cannot be read back: 5xx, nothing recorded, and the next delivery applies it.
    standIn.failNext('GET', '/v1/charges/');
    expect(await deliver(event!)).toMatchObject({
      status: 502,
      code: paymentErrorCodes.providerUnavailable,
    });
    expect(await state(fx)).toEqual(published);
    expect(await deliverAll([event!])).toEqual(['applied']);
    expect(await state(fx)).toEqual(held('refunded'));
  });
});
