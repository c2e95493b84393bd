import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundTexts, type CheckoutSession } from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { publishedOrganizationOf, signUpOperator } from './support/operators.ts';
import { payInTestCheckout } from './support/payments.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * An operator refunds an organization's latest payment from the console (ADR 028): at the
 * provider (the built-in test checkout, and Stripe through its stand-in), then the profile
 * leaves the directory now or at the end of the period already paid for.
 */

type Answer<T> = { data: T; error?: { code: string; message: string } };
type Detail = { organization: { published: boolean; version: number } };

const rows = async <T>(ctx: TestContext, query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const versionOf = async (ctx: TestContext, id: string) =>
  (
    await rows<{ version: number }>(ctx, sql`select version from organizations where id = ${id}`)
  )[0]!.version;

describe('refunds through the built-in test checkout', () => {
  let ctx: TestContext;
  let operator: Agent;
  let people = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
    operator = (await signUpOperator(ctx, 'refunds@example.org')).browser;
  });
  afterAll(() => ctx.close());

  /** A new owner's organization, paid for in the test checkout. */
  async function paidOrganization(plan: 'monthly' | 'annual' = 'monthly') {
    people += 1;
    const owner = await signUp(ctx, `refund-owner-${people}@example.org`);
    const id = await createOrganization(ctx.database.db, {
      name: `Refunded Org ${people}`,
      createdBy: owner.id,
      published: false,
    });
    await payInTestCheckout(owner.browser, id, plan);
    expect((await ctx.app.inject(`/api/organizations/${id}`)).statusCode).toBe(200);
    return id;
  }

  const refund = (id: string, unpublish: 'now' | 'period_end', version: number) =>
    operator.post<Answer<Detail>>(`/api/admin/organizations/${id}/refund`, {
      reason: 'Charged by mistake',
      version,
      unpublish,
    });

  it('refunds and unpublishes at once, recorded with the amount', async () => {
    const id = await paidOrganization('annual');
    const answer = await refund(id, 'now', await versionOf(ctx, id));
    expect(answer.status).toBe(200);
    expect(answer.body.data.organization.published).toBe(false);
    expect((await ctx.app.inject(`/api/organizations/${id}`)).statusCode).toBe(404);
    const [entry] = await rows<{
      action: string;
      reason: string;
      details: { amountCents: number };
    }>(ctx, sql`select action, reason, details from audit_log where target_id = ${id}`);
    expect(entry).toMatchObject({
      action: 'organization.refund',
      reason: 'Charged by mistake',
      details: { amountCents: 10000 },
    });
    const again = await refund(id, 'now', await versionOf(ctx, id));
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(refundTexts.nothingToRefund);
  });

  it('refunds and lets the paid period run out; a second refund is refused by the provider', async () => {
    const id = await paidOrganization();
    const answer = await refund(id, 'period_end', await versionOf(ctx, id));
    expect(answer.status).toBe(200);
    expect(answer.body.data.organization.published).toBe(true);
    const [subscription] = await rows<{ status: string }>(
      ctx,
      sql`select status from subscriptions where organization_id = ${id}`,
    );
    expect(subscription!.status).toBe('canceled');
    const again = await refund(id, 'period_end', await versionOf(ctx, id));
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(
      refundTexts.providerRefused('This payment has already been refunded.'),
    );
    expect(
      await rows(
        ctx,
        sql`select 1 from audit_log where target_id = ${id} and action = 'organization.refund'`,
      ),
    ).toHaveLength(1);
  });

  it('refuses a guest grant, a stale version and a missing organization, changing nothing', async () => {
    const owner = await signUp(ctx, 'refund-guest@example.org');
    const guestOrg = await publishedOrganizationOf(ctx, owner, 'Guest Granted Org');
    const guest = await refund(guestOrg, 'now', await versionOf(ctx, guestOrg));
    expect(guest.status).toBe(409);
    expect(guest.body.error?.message).toBe(refundTexts.guestGrant);
    const paid = await paidOrganization();
    const stale = await refund(paid, 'now', (await versionOf(ctx, paid)) + 1);
    expect(stale.status).toBe(409);
    expect((await ctx.app.inject(`/api/organizations/${paid}`)).statusCode).toBe(200);
    const missing = await refund('00000000-0000-4000-8000-000000000000', 'now', 1);
    expect(missing.status).toBe(404);
    expect(
      await rows(
        ctx,
        sql`select 1 from audit_log where action = 'organization.refund' and target_id in (${guestOrg}, ${paid})`,
      ),
    ).toHaveLength(0);
  });
});

describe('refunds through Stripe (its local stand-in)', () => {
  let ctx: TestContext;
  let standIn: StripeStandIn;
  let operator: Agent;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestApp({
      STRIPE_SECRET_KEY: standIn.apiKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_URL: standIn.url,
      RATE_LIMITS: 'off',
    });
    operator = (await signUpOperator(ctx, 'stripe-refunds@example.org')).browser;
  });
  afterAll(async () => {
    await ctx?.close();
    await standIn?.close();
  });

  it('refunds the paid invoice at Stripe once, and Stripe refuses a second', async () => {
    const owner = await signUp(ctx, 'stripe-refund-owner@example.org');
    const id = await createOrganization(ctx.database.db, {
      name: 'Stripe Refund Org',
      createdBy: owner.id,
      published: false,
    });
    const checkout = await owner.browser.post<Body<CheckoutSession>>(
      '/api/payments/create-checkout-session',
      { organizationId: id, plan: 'monthly' },
    );
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    for (const event of standIn.completeCheckout(checkout.body.data.sessionId)) {
      const { payload, signature } = standIn.sign(event);
      const delivered = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      expect(delivered.statusCode).toBe(200);
    }
    expect((await ctx.app.inject(`/api/organizations/${id}`)).statusCode).toBe(200);

    const refund = async () =>
      operator.post<Answer<Detail>>(`/api/admin/organizations/${id}/refund`, {
        reason: 'Duplicate payment',
        version: await versionOf(ctx, id),
        unpublish: 'period_end',
      });
    const refunded = await refund();
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // Paid for until its period ends: public until then, and the subscription will not renew.
    expect(refunded.body.data.organization.published).toBe(true);
    const refundCalls = () => standIn.requests.filter((request) => request.path === '/v1/refunds');
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0]!.body).toMatchObject({ reason: 'requested_by_customer' });

    const again = await refund();
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toMatch(
      /^The payment provider refused the refund: Charge ch_\S+ has already been refunded\.$/,
    );
    expect(refundCalls()).toHaveLength(2);
    expect(
      await rows(
        ctx,
        sql`select 1 from audit_log where target_id = ${id} and action = 'organization.refund'`,
      ),
    ).toHaveLength(1);
  });
});
