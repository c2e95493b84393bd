import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { plans, type PlanChoice } from '@si/contracts';
import type { Database } from '../../../db/client.ts';
import { testModeSubscriptions } from '../../../db/schema.ts';

export type TestSubscriptionRow = typeof testModeSubscriptions.$inferSelect;

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const periodMonths = (plan: PlanChoice) => (plans[plan].interval === 'year' ? 12 : 1);

/** What the current period's payment took: the plan's price, less credit a switch left. */
export const periodAmountOf = (row: TestSubscriptionRow) =>
  row.periodAmountCents ?? plans[row.plan].amountCents;

/**
 * The invoice of a subscription's period: one id per period, so it is receipted once. To the
 * millisecond: a plan switch starts a new period, possibly within the second its first began.
 */
export const invoiceIdOf = (row: TestSubscriptionRow) =>
  `in_test_${row.id}_${row.periodStart.getTime()}`;

/** The test checkout's own records of its subscriptions (test_mode_subscriptions). */
export function createTestSubscriptionRecords(db: Database) {
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

  return { read, update };
}
export type TestSubscriptionRecords = ReturnType<typeof createTestSubscriptionRecords>;
