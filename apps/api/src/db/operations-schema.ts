import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations-schema.ts';
import { organizationRoles } from './roles-schema.ts';

/**
 * Every operator action (ADR 028): who, what, on which record, why, when. Rows are only ever
 * added: a trigger (migration 0009) refuses every update and delete, so the product cannot edit
 * or remove one. Actors and targets are copied in as text, not referenced: the record outlives
 * the user or organization it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The operator's user id; 'cli' for a command run on the server's machine. */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** The record's name when the action was taken (an organization's name, a user's email). */
    targetLabel: text('target_label').notNull().default(''),
    reason: text('reason').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);

/**
 * A visitor's report of a public profile, or of one of its open roles (ADR 045). The reporter is kept only as a key (their user id, or
 * a keyed hash of their client for a visitor without an account) for deduplication; the owner
 * never sees it. The organization's name is copied so a resolved report still reads after the
 * organization is deleted.
 */
export const profileReports = pgTable(
  'profile_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    organizationName: text('organization_name').notNull(),
    /** A report about a role: the role, while it exists, and its title, kept after it goes. */
    roleId: uuid('role_id').references(() => organizationRoles.id, { onDelete: 'set null' }),
    roleTitle: text('role_title'),
    reason: text('reason', { enum: ['spam', 'offensive', 'inaccurate', 'other'] }).notNull(),
    details: text('details').notNull().default(''),
    reporterKey: text('reporter_key').notNull(),
    status: text('status', { enum: ['open', 'dismissed', 'held', 'deleted'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: text('resolved_by'),
    resolution: text('resolution'),
  },
  (table) => [
    // The queue: open reports, oldest first.
    index('profile_reports_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'open'`),
    index('profile_reports_organization_idx').on(table.organizationId, table.createdAt),
    // One open report per reporter and profile, and per reporter and role: reporting again
    // while it is open adds nothing. A role report whose role is deleted is in neither.
    uniqueIndex('profile_reports_open_reporter_idx')
      .on(table.organizationId, table.reporterKey)
      .where(sql`${table.status} = 'open' and ${table.roleTitle} is null`),
    uniqueIndex('profile_reports_open_role_reporter_idx')
      .on(table.roleId, table.reporterKey)
      .where(sql`${table.status} = 'open' and ${table.roleId} is not null`),
    index('profile_reports_role_idx').on(table.roleId),
    check(
      'profile_reports_role_titled',
      sql`${table.roleId} is null or ${table.roleTitle} is not null`,
    ),
    check(
      'profile_reports_resolved',
      sql`(${table.status} = 'open') = (${table.resolvedAt} is null)`,
    ),
  ],
);
