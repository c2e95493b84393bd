import { and, asc, desc, eq, inArray, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import { liveSubscriptionStatuses } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import {
  billingCustomers,
  guestCodeRedemptions,
  guestCodes,
  organizations,
  paymentEvents,
  paymentSessions,
  subscriptions,
  users,
} from '../../db/schema.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type PaymentSessionRow = typeof paymentSessions.$inferSelect;

/** A subscription with what the owner's screens show beside it. */
export type SubscriptionView = SubscriptionRow & { organizationName: string; published: boolean };

/** Running at its provider: paid, canceled to its period's end, or in a grace period. */
const running = inArray(subscriptions.status, [...liveSubscriptionStatuses]);
/** Publishing: running, and its period's payment not taken back (refunded or disputed). */
const live = and(running, isNull(subscriptions.paymentHold));
const liveList = sql.join(
  liveSubscriptionStatuses.map((status) => sql`${status}`),
  sql`, `,
);

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

export function createPaymentRepository(db: Database) {
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

    async userEmail(executor: Database, userId: string): Promise<string | null> {
      const [row] = await executor
        .select({ email: users.email, isAnonymous: users.isAnonymous })
        .from(users)
        .where(eq(users.id, userId));
      return row && !row.isAnonymous ? row.email : null;
    },

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

    refreshOrganization,

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

    /** The owner's subscriptions, one per organization they own (the current one). */
    async currentForOwner(userId: string): Promise<SubscriptionView[]> {
      const rows = await db
        .selectDistinctOn([subscriptions.organizationId], viewColumns)
        .from(subscriptions)
        .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
        .where(eq(organizations.createdBy, userId))
        .orderBy(
          subscriptions.organizationId,
          sql`(${subscriptions.status} <> 'expired') desc`,
          desc(subscriptions.createdAt),
        );
      return rows.map(toView).sort((a, b) => a.organizationName.localeCompare(b.organizationName));
    },

    /** Subscriptions still running at a provider: what deleting must cancel there first. */
    async runningAtProvider(where: { organizationId: string } | { ownerId: string }) {
      const owner =
        'organizationId' in where
          ? eq(subscriptions.organizationId, where.organizationId)
          : inArray(
              subscriptions.organizationId,
              db
                .select({ id: organizations.id })
                .from(organizations)
                .where(eq(organizations.createdBy, where.ownerId)),
            );
      return db
        .select()
        .from(subscriptions)
        .where(and(owner, running, ne(subscriptions.provider, 'guest')));
    },

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

    /** Records a provider event; false when it was recorded before (a redelivery). */
    async recordEvent(tx: Database, id: string, type: string): Promise<boolean> {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return inserted.length > 0;
    },

    // Guest codes.

    async createGuestCode(values: typeof guestCodes.$inferInsert) {
      const [row] = await db.insert(guestCodes).values(values).returning();
      return row!;
    },

    listGuestCodes: () => db.select().from(guestCodes).orderBy(asc(guestCodes.createdAt)),

    async disableGuestCode(code: string) {
      const [row] = await db
        .update(guestCodes)
        .set({ disabledAt: new Date() })
        .where(and(sql`lower(${guestCodes.code}) = lower(${code})`, isNull(guestCodes.disabledAt)))
        .returning();
      return row ?? null;
    },

    /**
     * Takes one use of the code if it is usable now. One conditional UPDATE: two owners racing
     * for the last use cannot both get it, the row's lock makes the second see the first's count.
     */
    async claimGuestCode(tx: Database, code: string, now: Date) {
      const [row] = await tx
        .update(guestCodes)
        .set({ uses: sql`${guestCodes.uses} + 1` })
        .where(
          and(
            sql`lower(${guestCodes.code}) = lower(${code})`,
            isNull(guestCodes.disabledAt),
            sql`${guestCodes.expiresAt} > ${now}`,
            sql`${guestCodes.uses} < ${guestCodes.maxUses}`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async findGuestCode(executor: Database, code: string) {
      const [row] = await executor
        .select()
        .from(guestCodes)
        .where(sql`lower(${guestCodes.code}) = lower(${code})`);
      return row ?? null;
    },

    /** false when the code was already used for this organization. */
    async recordRedemption(
      tx: Database,
      values: { guestCodeId: string; organizationId: string; userId: string },
    ) {
      const inserted = await tx
        .insert(guestCodeRedemptions)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: guestCodeRedemptions.guestCodeId });
      return inserted.length > 0;
    },

    // Lapses.

    /** Organizations with a live subscription whose time is up at `now`. */
    /**
     * Organizations with a subscription whose end has come. `skip`: subscription ids not to end
     * here (a grace whose cancel at the provider failed this run: it is tried again next run).
     */
    async organizationsDue(
      tx: Database,
      now: Date,
      limit: number,
      skip: string[] = [],
    ): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ id: subscriptions.organizationId })
        .from(subscriptions)
        .where(dueAt(now, skip))
        .orderBy(subscriptions.organizationId)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async expireDue(tx: Database, organizationId: string, now: Date, skip: string[] = []) {
      return tx
        .update(subscriptions)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(subscriptions.organizationId, organizationId), dueAt(now, skip)))
        .returning();
    },

    /**
     * Failed renewals whose grace has ended (ADR 013): each is canceled at its provider, through
     * fulfilment, before it is recorded as expired. Oldest grace first.
     */
    async graceEnded(now: Date, limit: number) {
      return db
        .select({
          id: subscriptions.id,
          provider: subscriptions.provider,
          providerSubscriptionId: subscriptions.providerSubscriptionId,
        })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'past_due'),
            ne(subscriptions.provider, 'guest'),
            lte(subscriptions.graceUntil, now),
          ),
        )
        .orderBy(subscriptions.graceUntil)
        .limit(limit);
    },

    /**
     * Provider subscriptions we still hold live although their period ended more than `slack`
     * ago: their renewal's events never came (a webhook endpoint down for days). Re-read them.
     */
    async overdueAtProvider(now: Date, slackMs: number, limit: number) {
      return db
        .select({
          provider: subscriptions.provider,
          providerSubscriptionId: subscriptions.providerSubscriptionId,
        })
        .from(subscriptions)
        .where(
          and(
            running,
            ne(subscriptions.provider, 'guest'),
            lte(subscriptions.periodEnd, new Date(now.getTime() - slackMs)),
          ),
        )
        .orderBy(subscriptions.periodEnd)
        .limit(limit);
    },

    /** Live subscriptions ending within `days` whose owner has not been told yet; marks them. */
    async takeRemindersDue(tx: Database, now: Date, days: number) {
      const horizon = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
      const ending = or(
        and(eq(subscriptions.status, 'canceled'), lte(subscriptions.periodEnd, horizon)),
        and(eq(subscriptions.status, 'past_due'), lte(subscriptions.graceUntil, horizon)),
        and(
          eq(subscriptions.status, 'paid'),
          eq(subscriptions.provider, 'guest'),
          lte(subscriptions.periodEnd, horizon),
        ),
      );
      return (
        tx
          .update(subscriptions)
          .set({ reminderSentAt: now })
          // A held subscription is out of the directory already: nothing to remind of.
          .where(
            and(isNull(subscriptions.reminderSentAt), isNull(subscriptions.paymentHold), ending),
          )
          .returning()
      );
    },

    async organizationName(executor: Database, id: string) {
      const [row] = await executor
        .select({ name: organizations.name, createdBy: organizations.createdBy })
        .from(organizations)
        .where(eq(organizations.id, id));
      return row ?? null;
    },

    // Operators.

    async setHeld(organizationId: string, held: boolean) {
      return db.transaction((tx) => setHeldIn(tx as unknown as Database, organizationId, held));
    },

    setHeldIn,

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
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;

/** A live subscription whose end (period, grace or guest grant) has come, but those in `skip`. */
function dueAt(now: Date, skip: string[] = []) {
  const due = or(
    and(eq(subscriptions.status, 'canceled'), lte(subscriptions.periodEnd, now)),
    and(eq(subscriptions.status, 'past_due'), lte(subscriptions.graceUntil, now)),
    and(
      eq(subscriptions.status, 'paid'),
      eq(subscriptions.provider, 'guest'),
      lte(subscriptions.periodEnd, now),
    ),
  );
  return skip.length > 0 ? and(due, notInArray(subscriptions.id, skip)) : due;
}
