import { and, eq, inArray, sql } from 'drizzle-orm';
import { liveSubscriptionStatuses } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationMembers, organizations, subscriptions, users } from '../../db/schema.ts';

const liveList = sql.join(
  liveSubscriptionStatuses.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The organization's side of its payments: the row lock every payment write takes, the payment
 * columns its subscriptions decide, an operator's hold, and whom to email.
 */
export function createPublicationRepository(db: Database) {
  /**
   * Brings the organization's payment columns in step with its subscriptions: paid while one
   * is live, published while paid and not held back by an operator. Call it with the
   * organization's row locked, in the transaction that changed a subscription.
   */
  async function refreshOrganization(tx: Database, organizationId: string) {
    const isLive = sql`exists (select 1 from ${subscriptions} s where s.organization_id = ${organizations.id} and s.status in (${liveList}) and s.payment_hold is null)`;
    const latestType = sql`(select s.type from ${subscriptions} s where s.organization_id = ${organizations.id} order by (s.status <> 'expired') desc, s.created_at desc limit 1)`;
    const nextStatus = sql`case when ${isLive} then 'paid' else 'pending' end`;
    const nextPublished = sql`${isLive} and not ${organizations.heldByOperator}`;
    const nextType = sql`coalesce(${latestType}, ${organizations.subscriptionType})`;
    await tx
      .update(organizations)
      .set({
        paymentStatus: sql`${nextStatus}`,
        published: sql`${nextPublished}`,
        subscriptionType: sql`${nextType}`,
      })
      .where(
        and(
          eq(organizations.id, organizationId),
          sql`(${organizations.paymentStatus}, ${organizations.published}, ${organizations.subscriptionType}) is distinct from (${nextStatus}, ${nextPublished}, ${nextType})`,
        ),
      );
  }

  /**
   * Holds (or releases) the profile in the caller's transaction: it stays unpublished whatever
   * its subscription. Null when there is no such organization.
   */
  async function setHeldIn(tx: Database, organizationId: string, held: boolean) {
    const [row] = await tx
      .update(organizations)
      .set({ heldByOperator: held })
      .where(eq(organizations.id, organizationId))
      .returning({ id: organizations.id });
    if (!row) return null;
    await refreshOrganization(tx, organizationId);
    const [after] = await tx
      .select({ published: organizations.published, paymentStatus: organizations.paymentStatus })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return after!;
  }

  return {
    transaction: <T>(work: (tx: Database) => Promise<T>) =>
      db.transaction((tx) => work(tx as unknown as Database)),

    /**
     * Locks the organization's row: every payment write takes it first (as the organization
     * writes do), so two fulfilments of one organization run one after the other.
     */
    async lockOrganization(tx: Database, id: string) {
      const [row] = await tx
        .select({
          id: organizations.id,
          name: organizations.name,
          createdBy: organizations.createdBy,
        })
        .from(organizations)
        .where(eq(organizations.id, id))
        .for('update');
      return row ?? null;
    },

    /** Locks several organizations in one statement, in id order (the lapse job). */
    async lockOrganizations(tx: Database, ids: string[]) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: organizations.id,
          name: organizations.name,
          createdBy: organizations.createdBy,
        })
        .from(organizations)
        .where(inArray(organizations.id, ids))
        .orderBy(organizations.id)
        .for('update');
    },

    /**
     * Every owner of the organization who has an address (ADR 047): whoever paid, the
     * subscription's emails and receipts go to them.
     */
    ownerAddresses(executor: Database, organizationId: string) {
      return executor
        .select({ userId: users.id, email: users.email })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(
          and(
            eq(organizationMembers.organizationId, organizationId),
            eq(organizationMembers.role, 'owner'),
            eq(users.isAnonymous, false),
          ),
        )
        .orderBy(organizationMembers.addedAt, users.id);
    },

    refreshOrganization,

    async organizationName(executor: Database, id: string) {
      const [row] = await executor
        .select({ name: organizations.name, createdBy: organizations.createdBy })
        .from(organizations)
        .where(eq(organizations.id, id));
      return row ?? null;
    },

    async setHeld(organizationId: string, held: boolean) {
      return db.transaction((tx) => setHeldIn(tx as unknown as Database, organizationId, held));
    },

    setHeldIn,
  };
}
