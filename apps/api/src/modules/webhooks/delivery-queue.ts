import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';

/** How long a sender holds a claimed delivery: far longer than one attempt's timeout. */
const CLAIM_LEASE_MS = 120_000;

export interface ClaimedDelivery {
  id: number;
  attempts: number;
  eventId: string;
  type: string;
  data: Record<string, unknown>;
  eventAt: Date;
  endpointId: string;
  url: string;
  sealedSecret: string;
  failingSince: Date | null;
}

/**
 * The senders' side of the queue (ADR 056). A delivery is claimed with FOR UPDATE SKIP LOCKED and
 * a lease, as the email outbox does: two processes never hold the same one, and no transaction
 * stays open while a partner answers. Times come from the caller's clock, so the jobs' tests
 * move it.
 */
export function createDeliveryQueue(db: Database) {
  return {
    async claimDue(now: Date, limit: number): Promise<ClaimedDelivery[]> {
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, now),
            or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now)),
            // An endpoint an operator turned off keeps its deliveries waiting until turned on.
            sql`exists (select 1 from ${webhookEndpoints} e where e.id = ${webhookDeliveries.endpointId} and e.enabled)`,
          ),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(webhookDeliveries)
        .set({
          lockedUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastAttemptAt: now,
        })
        .where(inArray(webhookDeliveries.id, due))
        .returning({ id: webhookDeliveries.id });
      if (claimed.length === 0) return [];
      return db
        .select({
          id: webhookDeliveries.id,
          attempts: webhookDeliveries.attempts,
          eventId: webhookEvents.id,
          type: webhookEvents.type,
          data: webhookEvents.data,
          eventAt: webhookEvents.createdAt,
          endpointId: webhookEndpoints.id,
          url: webhookEndpoints.url,
          sealedSecret: webhookEndpoints.sealedSecret,
          failingSince: webhookEndpoints.failingSince,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          inArray(
            webhookDeliveries.id,
            claimed.map((row) => row.id),
          ),
        )
        .orderBy(asc(webhookDeliveries.id));
    },

    async markDelivered(delivery: ClaimedDelivery, now: Date, status: number): Promise<void> {
      // The endpoint's row first, as every transaction here takes them (`disable` too): taken
      // the other way round, a delivery settled while its endpoint is disabled deadlocked.
      await db.transaction(async (tx) => {
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.id, delivery.endpointId));
        await tx
          .update(webhookDeliveries)
          .set({
            status: 'delivered',
            deliveredAt: now,
            lockedUntil: null,
            lastResponseCode: status,
            lastError: null,
          })
          .where(eq(webhookDeliveries.id, delivery.id));
      });
    },

    /**
     * Records a failed attempt: the next one at `retryAt`, or none (the delivery failed) when
     * `retryAt` is null. The endpoint is failing since its first failure after a success.
     */
    async markFailed(
      delivery: ClaimedDelivery,
      now: Date,
      outcome: { status: number | null; error: string; retryAt: Date | null },
    ): Promise<Date> {
      // The endpoint's row first, then the delivery's, as in `markDelivered` and `disable`.
      return db.transaction(async (tx) => {
        const [endpoint] = await tx
          .update(webhookEndpoints)
          .set({
            failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
          })
          .where(eq(webhookEndpoints.id, delivery.endpointId))
          .returning({ failingSince: webhookEndpoints.failingSince });
        await tx
          .update(webhookDeliveries)
          .set({
            status: outcome.retryAt ? 'pending' : 'failed',
            nextAttemptAt: outcome.retryAt ?? now,
            lockedUntil: null,
            lastResponseCode: outcome.status,
            lastError: outcome.error.slice(0, 1000),
          })
          // Still pending: an endpoint disabled meanwhile has failed it for good.
          .where(
            and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')),
          );
        return endpoint?.failingSince ?? now;
      });
    },

    /**
     * Disables the endpoint and fails what it still had waiting, in one transaction with the
     * operators' emails `inTransaction` queues; false when it was already disabled (another
     * process got there first), so the operators hear once.
     */
    async disable(
      endpointId: string,
      now: Date,
      inTransaction: (tx: Database) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const [endpoint] = await tx
          .update(webhookEndpoints)
          .set({ enabled: false, disabledAt: now })
          .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
          .returning({ id: webhookEndpoints.id });
        if (!endpoint) return false;
        await tx
          .update(webhookDeliveries)
          .set({ status: 'failed', lockedUntil: null })
          .where(
            and(
              eq(webhookDeliveries.endpointId, endpointId),
              eq(webhookDeliveries.status, 'pending'),
            ),
          );
        await inTransaction(tx);
        return true;
      });
    },
  };
}
export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
