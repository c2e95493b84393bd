import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations-schema.ts';

/**
 * Who runs an organization, and as what (ADR 047): one row per member, an owner or an editor.
 * The rows go with their organization. `user_id` has no foreign key, as `created_by` has none:
 * the demo and bulk seeds' owners are no accounts; an account's deletion removes its rows
 * itself, in the transaction that decides which of its organizations go with it.
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    role: text('role', { enum: ['owner', 'editor'] }).notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    index('organization_members_user_idx').on(table.userId),
    check('organization_members_role', sql`${table.role} in ('owner', 'editor')`),
  ],
);

/** The ids of the organizations `userId` is an owner of (a subquery). */
export const organizationsOwnedBy = (userId: string) =>
  sql`(select ${organizationMembers.organizationId} from ${organizationMembers}
    where ${organizationMembers.userId} = ${userId} and ${organizationMembers.role} = 'owner')`;

/**
 * The ids of the organizations whose only owner is `userId` (a subquery): what deleting that
 * account deletes with it (ADR 047). One with another owner stays.
 */
export const organizationsOnlyOwnedBy = (userId: string) =>
  sql`(select m.organization_id from ${organizationMembers} m
    where m.user_id = ${userId} and m.role = 'owner'
      and not exists (select 1 from ${organizationMembers} other
        where other.organization_id = m.organization_id and other.role = 'owner'
          and other.user_id <> ${userId}))`;
