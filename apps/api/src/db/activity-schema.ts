import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations-schema.ts';

/**
 * What happened to an organization's team and profile, and who did it (ADR 048): written in the
 * transaction of the change it records. The actor's name and address are copied, as they were,
 * because accounts are deleted; `actor_id` has no foreign key, as `created_by` has none. The
 * rows go with their organization.
 */
export const organizationActivity = pgTable(
  'organization_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull().default(''),
    actorEmail: text('actor_email').notNull().default(''),
    /** An operator acting for a support case, not a member. */
    byOperator: boolean('by_operator').notNull().default(false),
    kind: text('kind').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('organization_activity_organization_idx').on(table.organizationId, table.id)],
);
