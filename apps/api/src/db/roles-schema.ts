import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PayPeriod, RoleKind, RoleWorkplace } from '@si/contracts';
import { organizations } from './organizations-schema.ts';

/**
 * An organization's open roles (ADR 042). A role is public while it is open: not closed by its
 * owner, not held by an operator, its closing date not passed (the end of that day, UTC), and
 * its organization published. Nothing is stored about a role's status that time alone changes.
 */
export const organizationRoles = pgTable(
  'organization_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').$type<RoleKind>().notNull(),
    workplace: text('workplace').$type<RoleWorkplace>().notNull(),
    /** On site and hybrid roles only. */
    country: text('country'),
    city: text('city'),
    /** Remote roles only: where they may be worked from; empty means anywhere. */
    remoteCountries: text('remote_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    payMin: integer('pay_min'),
    payMax: integer('pay_max'),
    payCurrency: text('pay_currency'),
    payPeriod: text('pay_period').$type<PayPeriod>(),
    description: text('description').notNull(),
    /** An http(s) link or a mailto: link. */
    apply: text('apply').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The last day the role is open, through its end in UTC. */
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
    /** Set when the owner closes the role; cleared when it is reopened. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** An operator's hold and its reason, emailed to the owner; cleared when lifted. */
    heldAt: timestamp('held_at', { withTimezone: true, mode: 'date' }),
    heldReason: text('held_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('organization_roles_organization_idx').on(table.organizationId, table.postedAt),
    // The roles that may be open, newest first: the public list reads only these.
    index('organization_roles_open_idx')
      .on(table.postedAt, table.id)
      .where(sql`${table.closedAt} is null and ${table.heldAt} is null`),
  ],
);

/** Dated milestones of an organization (ADR 042), shown newest first. */
export const organizationMilestones = pgTable(
  'organization_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month'),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('organization_milestones_organization_idx').on(table.organizationId)],
);
