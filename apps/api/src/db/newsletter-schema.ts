import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations-schema.ts';

/**
 * The newsletter's addresses (ADR 033). An address is subscribed once it is confirmed from the
 * emailed link; until then it is pending, and removed 7 days after its last confirmation email.
 * The link's token is never stored, only its SHA-256: a copy of the database confirms nobody.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** Null once confirmed, and for addresses kept from before double opt-in (never emailed). */
    confirmTokenHash: text('confirm_token_hash'),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(table.email),
    uniqueIndex('newsletter_subscribers_token_idx').on(table.confirmTokenHash),
    index('newsletter_subscribers_pending_idx')
      .on(table.confirmationSentAt)
      .where(sql`${table.confirmedAt} is null`),
  ],
);

/** The operator's line at the top of the monthly digest: one row, written from the console. */
export const newsletterSettings = pgTable(
  'newsletter_settings',
  {
    id: integer('id').primaryKey().default(1),
    digestLine: text('digest_line').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('newsletter_settings_one_row', sql`${table.id} = 1`)],
);

/**
 * One row per month's digest, written when its sending starts: the operator's line as it was
 * then (every batch sends the same), how many emails were queued, and when nobody was left.
 */
export const newsletterDigests = pgTable('newsletter_digests', {
  /** The first day of the month the digest is about (UTC). */
  month: date('month', { mode: 'string' }).primaryKey(),
  digestLine: text('digest_line').notNull(),
  organizations: integer('organizations').notNull(),
  queued: integer('queued').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
});

/**
 * A digest queued for a subscriber: inserted in the transaction that queues the email, under a
 * primary key per subscriber and month, so each gets a month's digest once, whatever the number
 * of processes or restarts. The outbox row (no foreign key: both go with the subscriber) tells
 * how its sending went.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.subscriberId, table.month] }),
    index('newsletter_deliveries_month_idx').on(table.month),
  ],
);

/**
 * When each organization was first published, which makes it new in that month's digest. A
 * trigger fills it (migration 0015), whichever path publishes the organization.
 */
export const organizationFirstPublished = pgTable(
  'organization_first_published',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // Newest first with a tie-break, read from the index alone: the feed's batches (ADR 053).
  (table) => [index('organization_first_published_at_id_idx').on(table.at, table.organizationId)],
);
