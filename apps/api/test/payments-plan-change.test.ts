import pino from 'pino';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentMessages,
  type Category,
  type CategoryGroup,
  type CheckoutSession,
  type Invoice,
  type Organization,
  type PlanChangePreview,
  type PlanChoice,
  type Subscription,
} from '@si/contracts';
import { runPaymentCommand } from '../src/cli/payment-commands.ts';
import { loadConfig } from '../src/config.ts';
import { signUp, type Body } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { payInTestCheckout } from './support/payments.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { TEST_PUBLIC_URL, createTestApp, type TestContext } from './support/test-app.ts';

type Owner = { browser: Agent; id: string };
const DAY_S = 86_400;
const DAY_MS = DAY_S * 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Whole calendar months from one ISO date to another (UTC). */
const monthsBetween = (from: string, to: string) => {
  const [a, b] = [new Date(from), new Date(to)];
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
};

/** What both providers' suites share: owners, organizations, and the plan change's calls. */
function planChangeHelpers(context: () => TestContext) {
  let people = 0;
  let categoryIds: string[] | undefined;

  const newOwner = async (): Promise<Owner> => {
    people += 1;
    return signUp(context(), `plan-owner-${people}-${Date.now()}@example.com`);
  };

  const newOrganization = async (owner: Owner) => {
    if (!categoryIds) {
      const anyone = createAgent(context().app);
      const categories = (await anyone.get<Body<Category[]>>('/api/categories')).body.data;
      const groups = (await anyone.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
      categoryIds = groups.map((group) => categories.find((c) => c.groupId === group.id)!.id);
    }
    people += 1;
    const answer = await owner.browser.post<Body<Organization>>('/api/organizations', {
      name: `River Clinic ${people}`,
      description: 'Runs a floating clinic for river villages.',
      country: 'BR',
      categoryIds,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  };

  const preview = (owner: Owner, organizationId: string, plan: string) =>
    owner.browser.get<Body<PlanChangePreview>>(
      `/api/payments/subscriptions/${organizationId}/plan-preview?plan=${plan}`,
    );
  const change = (owner: Owner, organizationId: string, plan: string) =>
    owner.browser.post<Body<Subscription>>(
      `/api/payments/subscriptions/${organizationId}/change-plan`,
      { plan },
    );
  const current = async (owner: Owner, organizationId: string) => {
    const answer = await owner.browser.get<Body<Subscription>>(
      `/api/payments/subscription/${organizationId}`,
    );
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const invoices = async (owner: Owner, organizationId: string) => {
    const answer = await owner.browser.get<Body<Invoice[]>>(
      `/api/payments/invoices?organizationId=${organizationId}`,
    );
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  /** Both calls refused with 409 and `message`, the subscription left as it was. */
  const refusesBoth = async (
    owner: Owner,
    organizationId: string,
    plan: PlanChoice,
    message: string,
  ) => {
    const before = await current(owner, organizationId);
    for (const answer of [
      await preview(owner, organizationId, plan),
      await change(owner, organizationId, plan),
    ]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body).toMatchObject({ error: { code: 'SUBSCRIPTION_STATE', message } });
    }
    expect(await current(owner, organizationId)).toEqual(before);
  };

  /** Who may not: another owner, no one signed in, a plan that does not exist. */
  const refusesOthers = async (owner: Owner, organizationId: string) => {
    const stranger = await newOwner();
    expect((await preview(stranger, organizationId, 'annual')).status).toBe(403);
    expect((await change(stranger, organizationId, 'annual')).status).toBe(403);
    const anonymous = { browser: createAgent(context().app), id: '' };
    expect((await preview(anonymous, organizationId, 'annual')).status).toBe(401);
    expect((await change(anonymous, organizationId, 'annual')).status).toBe(401);
    expect((await preview(owner, organizationId, 'weekly')).status).toBe(400);
    expect((await change(owner, organizationId, 'weekly')).status).toBe(400);
  };

  return {
    newOwner,
    newOrganization,
    preview,
    change,
    current,
    invoices,
    refusesBoth,
    refusesOthers,
  };
}

describe('changing plan through Stripe (the local stand-in)', () => {
  let ctx: TestContext;
  let standIn: StripeStandIn;
  const helpers = planChangeHelpers(() => ctx);
  const { newOwner, newOrganization, preview, change, current, invoices } = helpers;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestApp({
      STRIPE_SECRET_KEY: standIn.apiKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_URL: standIn.url,
      RATE_LIMITS: 'off',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await standIn?.close();
  });

  const deliver = async (event: Stripe.Event) => {
    const { payload, signature } = standIn.sign(event);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(response.statusCode, `${event.type}: ${response.body}`).toBe(200);
  };

  const subscribed = async (plan: PlanChoice) => {
    const owner = await newOwner();
    const organization = await newOrganization(owner);
    const checkout = await owner.browser.post<Body<CheckoutSession>>(
      '/api/payments/create-checkout-session',
      { organizationId: organization.id, plan },
    );
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    for (const event of standIn.completeCheckout(checkout.body.data.sessionId)) {
      await deliver(event);
    }
    const subId = standIn.sessions.get(checkout.body.data.sessionId)!.subscription!;
    const sub = standIn.subscriptions.get(subId)!;
    return { owner, organization, subId, sub, item: sub.items.data[0]! };
  };
  /** The stand-in's clock `days` into the current period, for figures known to the cent. */
  const daysIn = (start: number, days: number) => {
    const at = start + days * DAY_S;
    standIn.setNow(at);
    return at;
  };
  const calls = (path: string) => standIn.requests.filter((one) => one.path === path);

  it('switches monthly to annual: the preview says what is charged now and at renewal, the switch charges it and records the new plan', async () => {
    const { owner, organization, subId, item } = await subscribed('monthly');
    const { current_period_start: start, current_period_end: end } = item;
    try {
      const at = daysIn(start, 10);
      const unused = Math.round((1200 * (end - at)) / (end - start));
      const nextRenewal = new Date(at * 1000);
      nextRenewal.setUTCFullYear(nextRenewal.getUTCFullYear() + 1);

      const previewed = await preview(owner, organization.id, 'annual');
      expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
      expect(previewed.body.data).toEqual({
        organizationId: organization.id,
        plan: 'annual',
        amountDueNowCents: 10000 - unused,
        creditCents: 0,
        nextRenewalCents: 10000,
        nextRenewalDate: nextRenewal.toISOString(),
        // No credit: the card pays the first renewal in full.
        renewalsFromCredit: 0,
        firstCardChargeCents: 10000,
        firstCardChargeDate: nextRenewal.toISOString(),
        currency: 'usd',
      });
      // A preview changes nothing, here or at Stripe.
      expect((await current(owner, organization.id)).type).toBe('monthly');
      expect(standIn.subscriptions.get(subId)!.items.data[0]!.price.recurring.interval).toBe(
        'month',
      );

      const changed = await change(owner, organization.id, 'annual');
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.data).toMatchObject({
        type: 'yearly',
        status: 'paid',
        published: true,
        startDate: iso(at),
        endDate: nextRenewal.toISOString(),
      });
      const [update] = calls(`/v1/subscriptions/${subId}`).filter((one) => one.method === 'POST');
      expect(update!.body).toMatchObject({
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      });

      // The switch's payment is receipted at once, and Stripe's own events change nothing more.
      const listed = await invoices(owner, organization.id);
      expect(listed.map((one) => [one.plan, one.amountCents])).toEqual([
        ['annual', 10000 - unused],
        ['monthly', 1200],
      ]);
      const paid = standIn.events.filter(
        (event) =>
          event.type === 'invoice.paid' &&
          (event.data.object as { id: string }).id ===
            standIn.subscriptions.get(subId)!.latest_invoice,
      );
      for (const event of paid) await deliver(event);
      expect(await invoices(owner, organization.id)).toHaveLength(2);
      expect(await current(owner, organization.id)).toMatchObject({ type: 'yearly' });

      // Back and forth: each switch is a new one at Stripe, not a replay of the first.
      daysIn(at, 2);
      expect((await change(owner, organization.id, 'monthly')).body.data.type).toBe('monthly');
      daysIn(at, 4);
      expect((await change(owner, organization.id, 'annual')).body.data.type).toBe('yearly');
      expect(standIn.subscriptions.get(subId)!.items.data[0]!.price.recurring.interval).toBe(
        'year',
      );
    } finally {
      standIn.setNow(null);
    }
  });

  it('switches annual to monthly: unused time beyond the new price is credit, nothing is charged now', async () => {
    const { owner, organization, sub, item } = await subscribed('annual');
    const { current_period_start: start, current_period_end: end } = item;
    try {
      const at = daysIn(start, 30);
      const unused = Math.round((10000 * (end - at)) / (end - start));
      const previewed = await preview(owner, organization.id, 'monthly');
      expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
      const credit = unused - 1200;
      // The credit pays whole renewals first; the card pays the rest of the first it does not.
      expect(previewed.body.data).toMatchObject({
        amountDueNowCents: 0,
        creditCents: credit,
        nextRenewalCents: 1200,
        renewalsFromCredit: Math.floor(credit / 1200),
        firstCardChargeCents: 1200 - (credit % 1200),
      });
      const { nextRenewalDate, firstCardChargeDate } = previewed.body.data;
      expect(monthsBetween(nextRenewalDate, firstCardChargeDate)).toBe(Math.floor(credit / 1200));

      const changed = await change(owner, organization.id, 'monthly');
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.data).toMatchObject({
        type: 'monthly',
        status: 'paid',
        startDate: iso(at),
      });
      expect(standIn.credits.get(sub.customer)).toBe(unused - 1200);
      // Stripe's invoice for the switch took nothing: its receipt says $0.00 (its page, the credit).
      expect((await invoices(owner, organization.id)).map((one) => one.amountCents)).toEqual([
        0, 10000,
      ]);
    } finally {
      standIn.setNow(null);
    }
  });

  it('refuses the plan already held and a canceled subscription, asking Stripe nothing; and anyone but the owner', async () => {
    const { owner, organization } = await subscribed('monthly');
    const previews = calls('/v1/invoices/create_preview').length;
    await helpers.refusesBoth(owner, organization.id, 'monthly', paymentMessages.alreadyOnPlan);

    const canceled = await owner.browser.post(
      `/api/payments/subscriptions/${organization.id}/cancel`,
      {},
    );
    expect(canceled.status).toBe(200);
    await helpers.refusesBoth(owner, organization.id, 'annual', paymentMessages.planNotChangeable);
    expect(calls('/v1/invoices/create_preview')).toHaveLength(previews);
    await helpers.refusesOthers(owner, organization.id);
  });

  it('reads back a subscription canceled at Stripe meanwhile and refuses the switch', async () => {
    const { owner, organization, sub } = await subscribed('monthly');
    // Canceled in Stripe's billing portal; its event has not arrived yet.
    sub.cancel_at_period_end = true;
    sub.cancel_at = sub.items.data[0]!.current_period_end;
    const refused = await change(owner, organization.id, 'annual');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { message: paymentMessages.planNotChangeable } });
    expect(await current(owner, organization.id)).toMatchObject({
      type: 'monthly',
      status: 'canceled',
    });
  });

  it('says a declined card changed nothing', async () => {
    const { owner, organization, subId } = await subscribed('monthly');
    standIn.declineNextSwitch();
    const declined = await change(owner, organization.id, 'annual');
    expect(declined.status).toBe(409);
    expect(declined.body).toMatchObject({
      error: { code: 'SUBSCRIPTION_STATE', message: paymentMessages.planChangeDeclined },
    });
    expect(await current(owner, organization.id)).toMatchObject({
      type: 'monthly',
      status: 'paid',
    });
    expect(standIn.subscriptions.get(subId)!.items.data[0]!.price.recurring.interval).toBe('month');
    expect(await invoices(owner, organization.id)).toHaveLength(1);
  });

  it('answers 502 and changes nothing when Stripe cannot be reached', async () => {
    const { owner, organization, subId } = await subscribed('monthly');
    standIn.failNext('POST', `/v1/subscriptions/${subId}`);
    const failed = await change(owner, organization.id, 'annual');
    expect(failed.status).toBe(502);
    expect(await current(owner, organization.id)).toMatchObject({
      type: 'monthly',
      status: 'paid',
    });
  });
});

describe('changing plan in the built-in test checkout (embedded default)', () => {
  let ctx: TestContext;
  const helpers = planChangeHelpers(() => ctx);
  const { newOwner, newOrganization, preview, change, current, invoices } = helpers;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => ctx?.close());

  const cli = async (...args: string[]) => {
    const known = await runPaymentCommand(args[0]!, args.slice(1), {
      db: ctx.database.db,
      config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL }),
      log: pino({ level: 'silent' }),
      print: () => {},
    });
    expect(known).toBe(true);
  };

  const subscribed = async (plan: PlanChoice) => {
    const owner = await newOwner();
    const organization = await newOrganization(owner);
    await payInTestCheckout(owner.browser, organization.id, plan);
    return { owner, organization, before: await current(owner, organization.id) };
  };
  /** The period's whole days, and those left on the day it started (that day counts as used). */
  const days = (subscription: Subscription) => {
    const period = Math.round(
      (Date.parse(subscription.endDate) - Date.parse(subscription.startDate)) / DAY_MS,
    );
    return { period, left: period - 1 };
  };

  it('switches monthly to annual: the unused days are credited against the annual price, charged now and receipted', async () => {
    const { owner, organization, before } = await subscribed('monthly');
    const { period, left } = days(before);
    const due = 10000 - Math.round((1200 * left) / period);

    const previewed = await preview(owner, organization.id, 'annual');
    expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
    expect(previewed.body.data).toMatchObject({
      plan: 'annual',
      amountDueNowCents: due,
      creditCents: 0,
      nextRenewalCents: 10000,
      currency: 'usd',
    });
    expect(Date.parse(previewed.body.data.nextRenewalDate)).toBeGreaterThan(
      Date.parse(before.endDate) + 300 * DAY_MS,
    );
    expect(await current(owner, organization.id)).toEqual(before);

    const changed = await change(owner, organization.id, 'annual');
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = changed.body.data;
    expect(after).toMatchObject({ type: 'yearly', status: 'paid', published: true });
    const newPeriod = (Date.parse(after.endDate) - Date.parse(after.startDate)) / DAY_MS;
    expect(newPeriod).toBeGreaterThanOrEqual(365);
    expect(newPeriod).toBeLessThanOrEqual(366);

    const listed = await invoices(owner, organization.id);
    expect(listed.map((one) => [one.plan, one.amountCents])).toEqual([
      ['annual', due],
      ['monthly', 1200],
    ]);
    expect(listed[0]!.periodStart).toBe(after.startDate);

    // The next renewal charges the annual price for a year from the new period's end.
    await cli('subscription', 'renew', organization.id);
    const renewed = await invoices(owner, organization.id);
    expect(renewed[0]).toMatchObject({
      plan: 'annual',
      amountCents: 10000,
      periodStart: after.endDate,
    });
  });

  it('switches annual to monthly: nothing is charged now and the credit is shown', async () => {
    const { owner, organization, before } = await subscribed('annual');
    const { period, left } = days(before);
    const credit = Math.round((10000 * left) / period) - 1200;

    const fromCredit = Math.floor(credit / 1200);
    const firstCharge = 1200 - (credit % 1200);

    const previewed = await preview(owner, organization.id, 'monthly');
    expect(previewed.body.data).toMatchObject({
      amountDueNowCents: 0,
      creditCents: credit,
      nextRenewalCents: 1200,
      renewalsFromCredit: fromCredit,
      firstCardChargeCents: firstCharge,
    });
    const { nextRenewalDate, firstCardChargeDate } = previewed.body.data;
    expect(monthsBetween(nextRenewalDate, firstCardChargeDate)).toBe(fromCredit);
    const changed = await change(owner, organization.id, 'monthly');
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ type: 'monthly', status: 'paid' });
    // The switch is made a moment after the preview: the same day, the dates a moment later.
    expect(changed.body.data.endDate.slice(0, 10)).toBe(nextRenewalDate.slice(0, 10));
    expect((await invoices(owner, organization.id)).map((one) => one.amountCents)).toEqual([10000]);

    // The renewals then take what the preview said: nothing while the credit lasts, then the
    // rest of the first it does not cover, on its date, then the price.
    for (let renewal = 0; renewal <= fromCredit + 1; renewal += 1) {
      await cli('subscription', 'renew', organization.id);
    }
    const renewals = (await invoices(owner, organization.id))
      .slice(0, -1)
      .reverse()
      .map((one) => [one.periodStart, one.amountCents]);
    expect(renewals.map(([, cents]) => cents)).toEqual([
      ...Array<number>(fromCredit).fill(0),
      firstCharge,
      1200,
    ]);
    expect(renewals[0]![0]).toBe(changed.body.data.endDate);
    expect(String(renewals[fromCredit]![0]).slice(0, 10)).toBe(firstCardChargeDate.slice(0, 10));
  });

  it('refuses the plan already held, a canceled, a failing or a guest subscription; and anyone but the owner', async () => {
    const { owner, organization } = await subscribed('annual');
    await helpers.refusesBoth(owner, organization.id, 'annual', paymentMessages.alreadyOnPlan);
    await helpers.refusesOthers(owner, organization.id);

    const canceled = await owner.browser.post(
      `/api/payments/subscriptions/${organization.id}/cancel`,
      {},
    );
    expect(canceled.status).toBe(200);
    await helpers.refusesBoth(owner, organization.id, 'monthly', paymentMessages.planNotChangeable);

    const failing = await subscribed('monthly');
    await cli('subscription', 'fail', failing.organization.id);
    await helpers.refusesBoth(
      failing.owner,
      failing.organization.id,
      'annual',
      paymentMessages.planNotChangeable,
    );

    const guest = await newOwner();
    const granted = await newOrganization(guest);
    const code = `plan-change-${Date.now()}`;
    const expires = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
    await cli(
      'guest-code',
      'create',
      '--code',
      code,
      '--uses',
      '1',
      '--expires',
      expires,
      '--months',
      '3',
    );
    const applied = await guest.browser.post('/api/payments/apply-guest-code', {
      organizationId: granted.id,
      code,
    });
    expect(applied.status).toBe(200);
    await helpers.refusesBoth(guest, granted.id, 'annual', paymentMessages.planNotChangeable);

    const none = await newOrganization(guest);
    const unpaid = await preview(guest, none.id, 'annual');
    expect(unpaid.status).toBe(409);
  });
});
