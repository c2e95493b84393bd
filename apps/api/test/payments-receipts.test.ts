import { sql } from 'drizzle-orm';
import pino from 'pino';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Category,
  CategoryGroup,
  CheckoutSession,
  Invoice,
  Organization,
  PlanChoice,
} from '@si/contracts';
import { runPaymentCommand } from '../src/cli/payment-commands.ts';
import { loadConfig } from '../src/config.ts';
import { signUp, type Body } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { payInTestCheckout } from './support/payments.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { TEST_PUBLIC_URL, createTestApp, type TestContext } from './support/test-app.ts';

type Owner = { browser: Agent; id: string; email: string };
type Email = { subject: string; text: string; html: string };

const longDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** What both providers' suites share: owners, organizations, and the receipts they were sent. */
function receiptsHelpers(context: () => TestContext) {
  let people = 0;
  let categoryIds: string[] | undefined;

  const newOwner = async (): Promise<Owner> => {
    people += 1;
    const email = `receipt-owner-${people}-${Date.now()}@example.com`;
    return { ...(await signUp(context(), email)), email };
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
      name: `Tide School ${people}`,
      description: 'Teaches sailing to harbour children.',
      country: 'PT',
      categoryIds,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  };

  /** The receipts queued for the owner about the organization, oldest first. */
  const receipts = async (owner: Owner, organizationName: string): Promise<Email[]> => {
    const result = (await context().database.db.execute(
      sql`select subject, text, html from email_outbox where recipient = ${owner.email} and subject like ${`Receipt for ${organizationName}:%`} order by created_at, id`,
    )) as unknown as { rows: Email[] };
    return result.rows;
  };

  const invoices = async (owner: Owner, organizationId?: string) => {
    const query = organizationId ? `?organizationId=${organizationId}` : '';
    const answer = await owner.browser.get<Body<Invoice[]>>(`/api/payments/invoices${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  return { newOwner, newOrganization, receipts, invoices };
}

describe('receipts and past invoices through Stripe (the local stand-in)', () => {
  let ctx: TestContext;
  let standIn: StripeStandIn;
  const { newOwner, newOrganization, receipts, invoices } = receiptsHelpers(() => ctx);

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
    return (response.json() as { outcome: string }).outcome;
  };
  const deliverAll = async (events: Stripe.Event[]) => {
    for (const event of events) await deliver(event);
  };

  const purchase = async (owner: Owner, organizationId: string, plan: PlanChoice) => {
    const checkout = await owner.browser.post<Body<CheckoutSession>>(
      '/api/payments/create-checkout-session',
      { organizationId, plan },
    );
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const events = standIn.completeCheckout(checkout.body.data.sessionId);
    await deliverAll(events);
    const subId = standIn.sessions.get(checkout.body.data.sessionId)!.subscription!;
    return { subId, events };
  };

  it('emails one receipt per paid invoice, with the plan, amount, period and Stripe’s hosted invoice, and lists them', async () => {
    const owner = await newOwner();
    const organization = await newOrganization(owner);
    const { subId, events } = await purchase(owner, organization.id, 'annual');
    const invoicePaid = events.find((event) => event.type === 'invoice.paid')!;
    const invoice = standIn.invoices.get((invoicePaid.data.object as { id: string }).id)!;
    const line = invoice.lines.data[0]!.period;

    const [receipt, ...more] = await receipts(owner, organization.name);
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe(`Receipt for ${organization.name}: $100.00`);
    for (const part of [receipt!.text, receipt!.html]) {
      expect(part).toContain(organization.name);
      expect(part).toContain('Annual plan');
      expect(part).toContain('$100.00');
      expect(part).toContain(invoice.number);
      expect(part).toContain(longDate(line.start));
      expect(part).toContain(longDate(line.end));
      expect(part).toContain(invoice.hosted_invoice_url!);
    }

    expect(await invoices(owner)).toEqual([
      {
        id: expect.any(String),
        organizationId: organization.id,
        organizationName: organization.name,
        plan: 'annual',
        provider: 'stripe',
        amountCents: 10000,
        currency: 'usd',
        paidAt: new Date(invoice.status_transitions.paid_at! * 1000).toISOString(),
        periodStart: new Date(line.start * 1000).toISOString(),
        periodEnd: new Date(line.end * 1000).toISOString(),
        number: invoice.number,
        url: invoice.hosted_invoice_url,
      },
    ]);

    // The renewal's invoice is a second payment: a second receipt, listed first.
    standIn.setNow(line.end + 60);
    try {
      await deliverAll(standIn.renew(subId));
    } finally {
      standIn.setNow(null);
    }
    const listed = await invoices(owner, organization.id);
    expect(listed.map((one) => one.amountCents)).toEqual([10000, 10000]);
    expect(listed[0]!.periodStart).toBe(new Date(line.end * 1000).toISOString());
    expect(listed[0]!.url).not.toBe(listed[1]!.url);
    expect(await receipts(owner, organization.name)).toHaveLength(2);
  });

  it('never sends a second receipt for an invoice: a redelivered event, or another event naming it', async () => {
    const owner = await newOwner();
    const organization = await newOrganization(owner);
    const { events } = await purchase(owner, organization.id, 'monthly');
    const invoicePaid = events.find((event) => event.type === 'invoice.paid')!;

    expect(await deliver(invoicePaid)).toBe('duplicate');
    // Stripe may send the same invoice's invoice.paid again as a new event (a new id).
    expect(await deliver({ ...invoicePaid, id: `${invoicePaid.id}_again` })).toBe('applied');

    const sent = await receipts(owner, organization.name);
    expect(sent.map((email) => email.subject)).toEqual([
      `Receipt for ${organization.name}: $12.00`,
    ]);
    expect(await invoices(owner)).toHaveLength(1);
  });

  it('takes the invoice from Stripe, not from the event: an unpaid invoice sends nothing', async () => {
    const owner = await newOwner();
    const organization = await newOrganization(owner);
    const { subId } = await purchase(owner, organization.id, 'monthly');
    const [failed] = standIn.failPayment(subId);
    // A forged-looking invoice.paid for the open (unpaid) invoice: Stripe says it is not paid.
    await deliver({
      ...failed!,
      id: `${failed!.id}_as_paid`,
      type: 'invoice.paid',
    } as Stripe.Event);
    expect(await receipts(owner, organization.name)).toHaveLength(1);
    expect(await invoices(owner, organization.id)).toHaveLength(1);
  });

  it('lists invoices to their owner only', async () => {
    const owner = await newOwner();
    const organization = await newOrganization(owner);
    await purchase(owner, organization.id, 'monthly');
    const stranger = await newOwner();

    expect(await invoices(stranger)).toEqual([]);
    const theirs = await stranger.browser.get(
      `/api/payments/invoices?organizationId=${organization.id}`,
    );
    expect(theirs.status).toBe(403);
    const unknown = await stranger.browser.get(
      `/api/payments/invoices?organizationId=00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.status).toBe(404);
    const signedOut = await createAgent(ctx.app).get('/api/payments/invoices');
    expect(signedOut.status).toBe(401);
  });
});

describe('receipts of the built-in test checkout (embedded default)', () => {
  let ctx: TestContext;
  const { newOwner, newOrganization, receipts, invoices } = receiptsHelpers(() => ctx);

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

  it('records a receipt for Pay and for each renewal, with no receipt page, once however often Pay is pressed', async () => {
    const owner = await newOwner();
    const organization = await newOrganization(owner);
    const sessionId = await payInTestCheckout(owner.browser, organization.id);
    const again = await owner.browser.post(`/api/payments/test-checkout/${sessionId}/pay`, {});
    expect(again.status).toBe(200);

    const [first] = await invoices(owner);
    expect(first).toMatchObject({
      organizationId: organization.id,
      plan: 'monthly',
      provider: 'test',
      amountCents: 1200,
      currency: 'usd',
      number: null,
      url: null,
    });
    const sent = await receipts(owner, organization.name);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Monthly plan');
    expect(sent[0]!.text).toContain('$12.00');
    expect(sent[0]!.text).toContain('no receipt page');
    expect(sent[0]!.text).toContain(`${TEST_PUBLIC_URL}/dashboard/organizations`);

    await cli('subscription', 'renew', organization.id);
    const listed = await invoices(owner, organization.id);
    expect(listed).toHaveLength(2);
    expect(listed[0]!.periodStart).toBe(first!.periodEnd);
    expect(await receipts(owner, organization.name)).toHaveLength(2);

    // A failed renewal is no payment: nothing new.
    await cli('subscription', 'fail', organization.id);
    expect(await invoices(owner, organization.id)).toHaveLength(2);
  });
});
