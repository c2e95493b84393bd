import { and, eq } from 'drizzle-orm';
import { plans } from '@si/contracts';
import type { Database } from '../../../db/client.ts';
import { paymentSessions, testModeSubscriptions } from '../../../db/schema.ts';
import { addMonths } from '../subscription-state.ts';
import {
  ProviderRefusedError,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider.ts';
import { createTestPlanChange } from './test-plan-change.ts';
import { createTestSimulations } from './test-simulations.ts';
import {
  createTestSubscriptionRecords,
  invoiceIdOf,
  newId,
  periodAmountOf,
  periodMonths,
  type TestSubscriptionRow,
} from './test-subscription-records.ts';

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
  const records = createTestSubscriptionRecords(db);
  const { read, update } = records;

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

    ...createTestPlanChange(records),
    ...createTestSimulations(records),
  } satisfies PaymentProvider & Record<string, unknown>;
}
export type TestProvider = ReturnType<typeof createTestProvider>;
