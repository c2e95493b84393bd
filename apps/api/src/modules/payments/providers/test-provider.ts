import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { plans, type PlanChoice } from '@si/contracts';
import type { Database } from '../../../db/client.ts';
import { paymentSessions, testModeSubscriptions } from '../../../db/schema.ts';
import { addMonths } from '../subscription-state.ts';
import {
  ProviderRefusedError,
  type PaymentProvider,
  type PlanChangeQuote,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider.ts';

type TestSubscriptionRow = typeof testModeSubscriptions.$inferSelect;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const periodMonths = (plan: PlanChoice) => (plans[plan].interval === 'year' ? 12 : 1);

const DAY_MS = 86_400_000;

/**
 * The test checkout's proration (ADR 013): the whole days left of the current period (the day in
 * progress counts as used) are credited at the current plan's daily price, with any credit left
 * from an earlier switch, against the new plan's full price, charged now; the new period starts
 * now. Credit worth more than the new plan is kept and spent on the next renewals, as Stripe
 * spends a customer's balance (ADR 038).
 */
export function testPlanChangeQuote(
  current: { plan: PlanChoice; periodStart: Date; periodEnd: Date; creditCents?: number },
  plan: PlanChoice,
  now: Date,
): PlanChangeQuote {
  const periodDays = Math.max(
    1,
    Math.round((current.periodEnd.getTime() - current.periodStart.getTime()) / DAY_MS),
  );
  const daysLeft = Math.min(
    periodDays,
    Math.max(0, Math.floor((current.periodEnd.getTime() - now.getTime()) / DAY_MS)),
  );
  const unused =
    Math.round((plans[current.plan].amountCents * daysLeft) / periodDays) +
    (current.creditCents ?? 0);
  const price = plans[plan].amountCents;
  return {
    amountDueNowCents: Math.max(0, price - unused),
    creditCents: Math.max(0, unused - price),
    nextRenewalCents: price,
    nextRenewalDate: addMonths(now, periodMonths(plan)),
    currency: plans[plan].currency,
  };
}

const endedMessage = (id: string) =>
  `${id} is canceled at the test provider: it is not charged any more`;

/** The end of the period after the current one, on the billing anchor's day of the month. */
function nextPeriodEnd(row: TestSubscriptionRow, months: number): Date {
  const anchor = row.billingAnchor;
  if (!anchor) return addMonths(row.periodEnd, months);
  const elapsed =
    (row.periodEnd.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    row.periodEnd.getUTCMonth() -
    anchor.getUTCMonth();
  return addMonths(anchor, elapsed + months);
}

/** What the current period's payment took: the plan's price, less credit a switch left. */
const periodAmountOf = (row: TestSubscriptionRow) =>
  row.periodAmountCents ?? plans[row.plan].amountCents;

/**
 * The invoice of a subscription's period: one id per period, so it is receipted once. To the
 * millisecond: a plan switch starts a new period, possibly within the second its first began.
 */
const invoiceIdOf = (row: TestSubscriptionRow) => `in_test_${row.id}_${row.periodStart.getTime()}`;

const toProviderSubscription = (row: TestSubscriptionRow): ProviderSubscription => ({
  id: row.id,
  customerId: row.customerId,
  organizationId: row.organizationId,
  userId: row.userId,
  plan: row.plan,
  state: row.status === 'canceled' ? 'ended' : row.status,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  // A hold is of one period's payment: a renewal starts a period that was paid.
  periodHold: row.heldPeriodStart?.getTime() === row.periodStart.getTime() ? row.paymentHold : null,
});

/**
 * The embedded default's payment provider (docs/product.md#payments-and-subscriptions): a checkout page inside the app, no
 * keys, no network. It keeps its own records the way a provider does (test_mode_subscriptions;
 * its checkouts are the payment_sessions rows), and the app reads them through the same adapter
 * as Stripe's, so Pay runs the very fulfilment a webhook runs.
 */
export function createTestProvider(db: Database, publicUrl: string) {
  async function read(id: string, executor: Database = db) {
    const [row] = await executor
      .select()
      .from(testModeSubscriptions)
      .where(eq(testModeSubscriptions.id, id));
    return row ?? null;
  }

  async function update(id: string, values: Partial<TestSubscriptionRow>, executor: Database = db) {
    const [row] = await executor
      .update(testModeSubscriptions)
      .set(values)
      .where(eq(testModeSubscriptions.id, id))
      .returning();
    if (!row) throw new Error(`unknown test subscription ${id}`);
    return row;
  }

  /** A live, renewing subscription on another plan: what a provider lets switch plans. */
  async function changeable(id: string, plan: PlanChoice) {
    const row = await read(id);
    if (!row || row.status !== 'active' || row.cancelAtPeriodEnd || row.plan === plan) {
      throw new ProviderRefusedError(
        null,
        'subscription',
        'The plan of this subscription cannot be changed.',
      );
    }
    return row;
  }

  async function readCheckout(sessionId: string) {
    const [row] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId));
    return {
      paid: row?.status === 'complete',
      subscriptionId: row?.subscriptionId ?? null,
    };
  }

  return {
    name: 'test',

    createCustomer: async () => newId('cus_test'),

    async createCheckout() {
      const sessionId = newId('cs_test');
      return { sessionId, url: `${publicUrl}/payments/test-checkout/${sessionId}` };
    },

    readCheckout,

    /** An open test checkout is closed: its Pay is refused from now on. */
    async expireCheckout(sessionId) {
      const [closed] = await db
        .update(paymentSessions)
        .set({ status: 'canceled' })
        .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.status, 'open')))
        .returning();
      if (closed) return { outcome: 'closed' as const };
      const state = await readCheckout(sessionId);
      return state.paid
        ? { outcome: 'paid' as const, subscriptionId: state.subscriptionId }
        : { outcome: 'closed' as const };
    },

    async readSubscription(id, within) {
      const row = await read(id, within);
      return row ? toProviderSubscription(row) : null;
    },

    async setCancelAtPeriodEnd(id, cancel) {
      await update(id, { cancelAtPeriodEnd: cancel });
    },

    async cancelNow(id, within) {
      await update(id, { status: 'canceled' }, within);
    },

    billingPortalUrl: async () => null,

    async previewPlanChange(id, plan) {
      return testPlanChangeQuote(await changeable(id, plan), plan, new Date());
    },

    /**
     * Switches the plan as its preview said: the new period starts now, and the amount due is
     * this period's invoice (its id is the subscription's and the period's, as currentInvoice's).
     */
    async changePlan(id, plan) {
      const row = await changeable(id, plan);
      const now = new Date();
      const quote = testPlanChangeQuote(row, plan, now);
      const changed = await update(id, {
        plan,
        periodStart: now,
        periodEnd: quote.nextRenewalDate,
        creditCents: quote.creditCents,
        periodAmountCents: quote.amountDueNowCents,
        billingAnchor: now,
      });
      const invoice: ProviderInvoice = {
        id: invoiceIdOf(changed),
        subscriptionId: id,
        amountCents: quote.amountDueNowCents,
        currency: quote.currency,
        periodStart: changed.periodStart,
        periodEnd: changed.periodEnd,
        paidAt: now,
        number: null,
        url: null,
      };
      // Nothing charged (credit covered it): no payment, so no receipt.
      return { paidInvoice: quote.amountDueNowCents > 0 ? async () => invoice : null };
    },

    /** Refunds the current period's payment, once (the records say which period was refunded). */
    async refundLatestPayment(id, { within } = {}) {
      const row = await read(id, within);
      if (!row) {
        throw new ProviderRefusedError(
          null,
          'payment',
          'The test checkout has no such subscription.',
        );
      }
      if (row.refundedPeriodStart?.getTime() === row.periodStart.getTime()) {
        throw new ProviderRefusedError(null, 'payment', 'This payment has already been refunded.');
      }
      await update(id, { refundedPeriodStart: row.periodStart }, within);
      return { amountCents: periodAmountOf(row) };
    },

    /**
     * The invoice that paid the subscription's current period: the test checkout's Pay paid the
     * first, each renewal the next, and a failed renewal leaves the period (so its invoice) as it
     * was. Its id is the subscription's and the period's, so reading it again gives the same
     * invoice. No page: the test checkout takes no money (null url).
     */
    async currentInvoice(id: string, within?: Database): Promise<ProviderInvoice | null> {
      const row = await read(id, within);
      if (!row) return null;
      return {
        id: invoiceIdOf(row),
        subscriptionId: row.id,
        amountCents: periodAmountOf(row),
        currency: plans[row.plan].currency,
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        // Paid when the period started, or now for a renewal an operator plays ahead of it.
        paidAt: new Date(Math.min(row.periodStart.getTime(), Date.now())),
        number: null,
        url: null,
      };
    },

    /**
     * The customer paid: the session is completed with a new subscription, once. Returns the
     * subscription's id (the same one for a repeated Pay).
     */
    async pay(sessionId: string, now = new Date()): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(paymentSessions)
          .where(eq(paymentSessions.id, sessionId))
          .for('update');
        if (!session || session.provider !== 'test') return null;
        if (session.status === 'complete') return session.subscriptionId;
        if (session.status !== 'open') return null;
        const [created] = await tx
          .insert(testModeSubscriptions)
          .values({
            id: newId('sub_test'),
            customerId: newId('cus_test'),
            organizationId: session.organizationId,
            userId: session.userId,
            plan: session.plan,
            status: 'active',
            periodStart: now,
            periodEnd: addMonths(now, periodMonths(session.plan)),
            billingAnchor: now,
          })
          .returning();
        await tx
          .update(paymentSessions)
          .set({ status: 'complete', subscriptionId: created!.id })
          .where(eq(paymentSessions.id, sessionId));
        return created!.id;
      });
    },

    /**
     * An operator simulates a renewal (CLI): paid for one more period. Refused once canceled, as
     * Stripe stops collecting a canceled subscription's invoices (a grace ended, say).
     */
    async renew(id: string) {
      const row = await read(id);
      if (!row) return null;
      if (row.status === 'canceled') throw new Error(endedMessage(id));
      const months = periodMonths(row.plan);
      // Credit from a switch pays first; the card the rest.
      const price = plans[row.plan].amountCents;
      const spent = Math.min(row.creditCents, price);
      return update(id, {
        status: 'active',
        periodStart: row.periodEnd,
        periodEnd: nextPeriodEnd(row, months),
        creditCents: row.creditCents - spent,
        periodAmountCents: price - spent,
      });
    },

    /** An operator simulates a failed renewal (CLI); a canceled one is not charged any more. */
    async failPayment(id: string) {
      const row = await read(id);
      if (row?.status === 'canceled') throw new Error(endedMessage(id));
      return update(id, { status: 'past_due' });
    },

    /**
     * An operator simulates the current period's payment taken back at the provider, not by the
     * product (CLI): refunded in full from the provider's side, or a dispute (chargeback) opened.
     */
    takeBackPayment: async (id: string, hold: 'refunded' | 'disputed') => {
      const row = await read(id);
      if (!row) return null;
      return update(id, { paymentHold: hold, heldPeriodStart: row.periodStart });
    },

    /** An operator simulates a dispute of the current period's payment won (CLI). */
    async winDispute(id: string) {
      const row = await read(id);
      if (!row) return null;
      if (row.paymentHold !== 'disputed') return row;
      return update(id, { paymentHold: null, heldPeriodStart: null });
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}
export type TestProvider = ReturnType<typeof createTestProvider>;
