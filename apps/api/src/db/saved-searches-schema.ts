import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity-schema.ts';

/**
 * A directory search a signed-in user saved, with the filters the directory's URL carries, and
 * where its alerts stand (ADR 034). `watermark` is the directory version (directory_state) its
 * last alert, or its saving, saw: what changed after it is what the next alert looks at. A
 * search that follows open roles (ADR 046) keeps the /roles page's filters in the same columns
 * (q, categories, country) and its own (kinds, remote); its watermark is the same version.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    frequency: text('frequency', { enum: ['weekly', 'monthly'] }).notNull(),
    q: text('q').notNull().default(''),
    categoryIds: text('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    country: text('country'),
    verified: boolean('verified').notNull().default(false),
    /** What the search follows: the directory's organizations, or open roles (ADR 046). */
    follows: text('follows', { enum: ['organizations', 'roles'] })
      .notNull()
      .default('organizations'),
    /** Organizations with an open role only (the directory's Hiring filter). */
    hiring: boolean('hiring').notNull().default(false),
    /** Roles: any one of these kinds. */
    kinds: text('kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Roles: remote ones only. */
    remote: boolean('remote').notNull().default(false),
    watermark: bigint('watermark', { mode: 'number' }).notNull(),
    nextAlertAt: timestamp('next_alert_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A process working out this search's alert holds it until then (another skips it). */
    takenUntil: timestamp('taken_until', { withTimezone: true, mode: 'date' }),
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('saved_searches_user_idx').on(table.userId, table.createdAt),
    index('saved_searches_due_idx').on(table.nextAlertAt),
    check('saved_searches_frequency', sql`${table.frequency} in ('weekly', 'monthly')`),
    check('saved_searches_follows', sql`${table.follows} in ('organizations', 'roles')`),
  ],
);

/**
 * What an organization looked like to the directory just before each change of it (the
 * migration's trigger writes a row per organization and directory version): an alert asks
 * whether an organization that changed since its watermark matched the search then. Rows older
 * than every saved search's watermark are dropped by the alert job.
 */
export const directoryPriorStates = pgTable(
  'directory_prior_states',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    organizationId: uuid('organization_id').notNull(),
    /** False when the organization was not in the directory before this change. */
    listed: boolean('listed').notNull(),
    country: text('country'),
    categoryIds: text('category_ids').array(),
    verified: boolean('verified').notNull().default(false),
    lexemes: text('lexemes').array(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.version, table.organizationId] })],
);

/**
 * The roles posted, each with the directory version its posting made (migration 0024's
 * trigger, in the posting transaction): a search that follows roles asks which were posted
 * after its watermark. Rows at or before every such watermark are dropped by the alert job.
 */
export const roleOpenings = pgTable(
  'role_openings',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    roleId: uuid('role_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.version, table.roleId] })],
);

/** Each run of the alert job, for the operator console: when, how it ended, what it did. */
export const savedSearchAlertRuns = pgTable('saved_search_alert_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull(),
  outcome: text('outcome', { enum: ['done', 'failed'] }).notNull(),
  searchesChecked: integer('searches_checked').notNull(),
  emailsQueued: integer('emails_queued').notNull(),
  error: text('error'),
});
