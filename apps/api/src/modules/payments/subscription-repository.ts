import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { liveSubscriptionStatuses } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import {
  organizations,
  organizationsOnlyOwnedBy,
  organizationsOwnedBy,
  paymentEvents,
  subscriptions,
} from '../../db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

/** A subscription with what the owner's screens show beside it. */
export type SubscriptionView = SubscriptionRow & { organizationName: string; published: boolean };

/** Running at its provider: paid, canceled to its period's end, or in a grace period. */
export const running = inArray(subscriptions.status, [...liveSubscriptionStatuses]);
/** Publishing: running, and its period's payment not taken back (refunded or disputed). */
const live = and(running, isNull(subscriptions.paymentHold));

const viewColumns = {
  subscription: subscriptions,
  organizationName: organizations.name,
  published: organizations.published,
};
const toView = (row: {
  subscription: SubscriptionRow;
  organizationName: string;
  published: boolean;
}): SubscriptionView => ({
  ...row.subscription,
  organizationName: row.organizationName,
  published: row.published,
});

/** The subscriptions: what fulfilment records, what owners and operators see, provider events. */
export function createSubscriptionRepository(db: Database) {
  return {
    async findByProviderId(tx: Database, providerSubscriptionId: string) {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
        .for('update');
      return row ?? null;
    },

    async insertSubscription(tx: Database, values: NewSubscriptionRow) {
      const [row] = await tx.insert(subscriptions).values(values).returning();
      return row!;
    },

    async updateSubscription(tx: Database, id: string, values: Partial<NewSubscriptionRow>) {
      const [row] = await tx
        .update(subscriptions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(subscriptions.id, id))
        .returning();
      return row!;
    },

    async hasLiveSubscription(executor: Database, organizationId: string) {
      const [row] = await executor
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.organizationId, organizationId), live))
        .limit(1);
      return Boolean(row);
    },

    /** Whether the organization has ever had a subscription (of any status, guest grants too). */
    async everSubscribed(executor: Database, organizationId: string) {
      const [row] = await executor
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, organizationId))
        .limit(1);
      return Boolean(row);
    },

    /** The subscription the owner sees for an organization: a live one, else the latest. */
    async currentForOrganization(organizationId: string): Promise<SubscriptionView | null> {
      const [row] = await db
        .select(viewColumns)
        .from(subscriptions)
        .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
        .where(eq(subscriptions.organizationId, organizationId))
        .orderBy(sql`(${subscriptions.status} <> 'expired') desc`, desc(subscriptions.createdAt))
        .limit(1);
      return row ? toView(row) : null;
    },

    /** The owner's subscriptions, one per organization they are an owner of (the current one). */
    async currentForOwner(userId: string): Promise<SubscriptionView[]> {
      const rows = await db
        .selectDistinctOn([subscriptions.organizationId], viewColumns)
        .from(subscriptions)
        .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
        .where(inArray(organizations.id, organizationsOwnedBy(userId)))
        .orderBy(
          subscriptions.organizationId,
          sql`(${subscriptions.status} <> 'expired') desc`,
          desc(subscriptions.createdAt),
        );
      return rows.map(toView).sort((a, b) => a.organizationName.localeCompare(b.organizationName));
    },

    /**
     * Subscriptions still running at a provider: what deleting must cancel there first. An
     * account's deletion deletes only the organizations it is the only owner of (ADR 047).
     */
    async runningAtProvider(where: { organizationId: string } | { ownerId: string }) {
      const owner =
        'organizationId' in where
          ? eq(subscriptions.organizationId, where.organizationId)
          : inArray(subscriptions.organizationId, organizationsOnlyOwnedBy(where.ownerId));
      return db
        .select()
        .from(subscriptions)
        .where(and(owner, running, ne(subscriptions.provider, 'guest')));
    },

    /** Records a provider event; false when it was recorded before (a redelivery). */
    async recordEvent(tx: Database, id: string, type: string): Promise<boolean> {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return inserted.length > 0;
    },

    async listAll() {
      return db
        .select(viewColumns)
        .from(subscriptions)
        .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
        .orderBy(asc(organizations.name), desc(subscriptions.createdAt))
        .then((rows) => rows.map(toView));
    },
  };
}
