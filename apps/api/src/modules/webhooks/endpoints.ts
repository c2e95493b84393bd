import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { users, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const endpointView = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  enabled: row.enabled,
  failingSince: iso(row.failingSince),
  disabledAt: iso(row.disabledAt),
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

/** How many deliveries an endpoint's page lists, newest first. */
export const DELIVERIES_SHOWN = 50;

/** The console's side of the endpoints and their deliveries (ADR 056). */
export function createEndpointRepository(db: Database) {
  return {
    async create(
      tx: Database,
      values: { url: string; events: string[]; sealedSecret: string; createdBy: string },
    ) {
      const [row] = await tx.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    list() {
      return db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
    },

    async get(id: string) {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row ?? null;
    },

    /** The endpoint, locked for the caller's transaction. */
    async find(executor: Database, id: string) {
      const [row] = await executor
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id))
        .for('update');
      return row ?? null;
    },

    /** Turning an endpoint on starts its three days afresh. */
    async update(tx: Database, id: string, changes: { events?: string[]; enabled?: boolean }) {
      const [row] = await tx
        .update(webhookEndpoints)
        .set({
          ...(changes.events ? { events: changes.events } : {}),
          ...(changes.enabled === undefined
            ? {}
            : changes.enabled
              ? { enabled: true, disabledAt: null, failingSince: null }
              : { enabled: false }),
        })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row!;
    },

    async remove(tx: Database, id: string) {
      await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    },

    async deliveries(endpointId: string): Promise<WebhookDelivery[]> {
      const rows = await db
        .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(desc(webhookDeliveries.id))
        .limit(DELIVERIES_SHOWN);
      return rows.map(({ delivery, eventType }) => ({
        id: delivery.id,
        eventId: delivery.eventId,
        eventType: eventType as WebhookEventType,
        status: delivery.status,
        attempts: delivery.attempts,
        nextAttemptAt: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
        lastAttemptAt: iso(delivery.lastAttemptAt),
        lastResponseCode: delivery.lastResponseCode,
        lastError: delivery.lastError,
        deliveredAt: iso(delivery.deliveredAt),
        createdAt: delivery.createdAt.toISOString(),
      }));
    },

    /**
     * Queues the delivery again, due now, whatever it was: the same event id, so a receiver that
     * has it already knows it. Null when the endpoint has no such delivery.
     */
    async resend(tx: Database, endpointId: string, deliveryId: number, now: Date) {
      const [row] = await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: now, lockedUntil: null, deliveredAt: null })
        .where(
          and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)),
        )
        .returning({ id: webhookDeliveries.id });
      return row ?? null;
    },

    /** The operators to tell when an endpoint is disabled: every operator not disabled. */
    operatorAddresses(executor: Database) {
      return executor
        .select({ userId: users.id, email: users.email })
        .from(users)
        .where(and(isNotNull(users.operatorSince), isNull(users.disabledAt)))
        .orderBy(users.email);
    },
  };
}
export type EndpointRepository = ReturnType<typeof createEndpointRepository>;
