import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations-schema.ts';
import { organizationRoles } from './roles-schema.ts';

const countColumns = {
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** One of contracts' insightMetrics. */
  metric: text('metric').notNull(),
  /** 'people', or 'bots' (known bots and link previewers, counted apart). */
  audience: text('audience').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
};

/**
 * What a profile earned per day (ADR 031): views, impressions, clicks by link, shares. Written
 * in batches by each process, every write adding to the row (count = count + n), so several
 * processes add up exactly. Nothing about the visitor is kept: no address, no agent, no cookie.
 */
export const profileDailyCounts = pgTable(
  'profile_daily_counts',
  {
    ...countColumns,
    /** The day in UTC. */
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.day, table.metric, table.audience] }),
    check('profile_daily_counts_audience', sql`${table.audience} in ('people', 'bots')`),
  ],
);

/** Daily rows older than 13 months, rolled up by month (the first day of the month, UTC). */
export const profileMonthlyCounts = pgTable(
  'profile_monthly_counts',
  {
    ...countColumns,
    month: date('month', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.month, table.metric, table.audience] }),
    check('profile_monthly_counts_audience', sql`${table.audience} in ('people', 'bots')`),
  ],
);

/** Organizations whose owner turned the monthly insights email off (one click, ADR 031). */
export const insightsEmailOptOuts = pgTable('insights_email_opt_outs', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The monthly summaries queued: one row per organization and month, inserted in the transaction
 * that queues the email, so a summary goes out once however many processes run the job.
 */
export const insightsEmailsSent = pgTable(
  'insights_emails_sent',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.month] })],
);

/**
 * What each open role earned per day (ADR 042): its page's views and the clicks on its Apply
 * link, counted as a profile's are (people and bots apart, nothing about the visitor kept). The
 * rows go with the role.
 */
export const roleDailyCounts = pgTable(
  'role_daily_counts',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => organizationRoles.id, { onDelete: 'cascade' }),
    /** One of contracts' roleMetrics. */
    metric: text('metric').notNull(),
    audience: text('audience').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    /** The day in UTC. */
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roleId, table.day, table.metric, table.audience] }),
    check('role_daily_counts_audience', sql`${table.audience} in ('people', 'bots')`),
  ],
);
