import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingCustomers, paymentSessions } from '../../db/schema.ts';

export type PaymentSessionRow = typeof paymentSessions.$inferSelect;

/** Checkouts: each user's customer at the provider, and the checkout sessions started. */
export function createCheckoutRepository(db: Database) {
  return {
    async findCustomer(userId: string) {
      const [row] = await db
        .select()
        .from(billingCustomers)
        .where(eq(billingCustomers.userId, userId));
      return row ?? null;
    },

    /**
     * Keeps the first customer stored for the user if two checkouts raced to create one; a
     * customer of another provider (test mode before Stripe was configured) is replaced.
     */
    async saveCustomer(userId: string, provider: 'stripe' | 'test', customerId: string) {
      await db
        .insert(billingCustomers)
        .values({ userId, provider, customerId })
        .onConflictDoUpdate({
          target: billingCustomers.userId,
          set: { provider, customerId, createdAt: new Date() },
          setWhere: sql`${billingCustomers.provider} <> ${provider}`,
        });
      const [row] = await db
        .select()
        .from(billingCustomers)
        .where(eq(billingCustomers.userId, userId));
      return row!.customerId;
    },

    /** Drops a customer the provider no longer knows, unless another request replaced it. */
    async forgetCustomer(userId: string, customerId: string) {
      await db
        .delete(billingCustomers)
        .where(
          and(eq(billingCustomers.userId, userId), eq(billingCustomers.customerId, customerId)),
        );
    },

    async insertSession(values: typeof paymentSessions.$inferInsert) {
      await db.insert(paymentSessions).values(values);
    },

    /**
     * The organization's open checkouts started before `sessionId` (by when they were recorded,
     * then by id): of two started together, each finds the other on one side only, so exactly
     * the newest stays open.
     */
    async olderOpenSessions(organizationId: string, sessionId: string) {
      return db
        .select()
        .from(paymentSessions)
        .where(
          and(
            eq(paymentSessions.organizationId, organizationId),
            eq(paymentSessions.status, 'open'),
            // Compared in the database: its timestamps are finer than JavaScript's.
            sql`(${paymentSessions.createdAt}, ${paymentSessions.id}) < (select mine.created_at, mine.id from payment_sessions mine where mine.id = ${sessionId})`,
          ),
        );
    },

    async findSession(executor: Database, id: string) {
      const [row] = await executor.select().from(paymentSessions).where(eq(paymentSessions.id, id));
      return row ?? null;
    },

    async updateSession(
      executor: Database,
      id: string,
      values: { status: PaymentSessionRow['status']; subscriptionId?: string },
    ) {
      await executor.update(paymentSessions).set(values).where(eq(paymentSessions.id, id));
    },
  };
}
