import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A partner's endpoint (ADR 056), registered by an operator. The signing secret is kept sealed
 * with a key derived from the auth secret (it must be read back to sign, so it cannot be hashed).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  /** The event types it wants (contracts' webhookEventTypes). */
  events: text('events').array().notNull(),
  sealedSecret: text('sealed_secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** The first failed attempt since the last success: three days of failures disable it. */
  failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
  disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * What happened, written by triggers (migration 0029) in the transaction of the change, and only
 * when an enabled endpoint wants its type. No reference to the organization: the event outlives it.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One event for one endpoint: the queue's row, unique per pair, claimed with a lease. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** A sender holds a claimed delivery until then; another may take it after. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_event_endpoint_idx').on(table.eventId, table.endpointId),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.id),
  ],
);

/**
 * The roles whose closing date passing was announced as `role.closed` (migration 0030), one row
 * per role and closing date: extended and expired again, it is announced again. No reference to
 * the role, which may be deleted after; rows a week past their date are dropped.
 */
export const webhookRoleExpiries = pgTable(
  'webhook_role_expiries',
  {
    roleId: uuid('role_id').notNull(),
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.closesOn] })],
);
