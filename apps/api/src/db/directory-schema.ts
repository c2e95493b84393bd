import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The directory's change counter: one row whose version goes up, in the writing transaction,
 * with every statement that changes what the directory shows (migration 0006). A process
 * whose index is older than the version it reads catches up before it answers (ADR 018).
 */
export const directoryState = pgTable(
  'directory_state',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('directory_state_single_row', sql`${table.singleton}`)],
);

/**
 * What each version changed: the organizations to read again (null: too many, read them all).
 * Written by the same trigger as the version; the last 10,000 versions are kept.
 */
export const directoryChanges = pgTable('directory_changes', {
  version: bigint('version', { mode: 'number' }).primaryKey(),
  organizationIds: uuid('organization_ids').array(),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Organizations whose share card is to be drawn ahead or removed (ADR 026). A trigger on
 * organizations (migration 0008) adds one, in the writing transaction, whenever a statement
 * changes what a published profile's card shows or publishes, unpublishes or deletes one, so
 * every writer is caught (saves, image uploads, payments, lapses, operator commands). The
 * share-cards job takes rows, draws or removes the cards, and deletes each row if it has not
 * changed since it was taken.
 */
export const shareCardQueue = pgTable('share_card_queue', {
  organizationId: uuid('organization_id').primaryKey(),
  /**
   * Renumbered (from the column's own sequence) by every change: a row is done only if its
   * number is still the one that was taken.
   */
  change: bigserial('change', { mode: 'number' }).notNull(),
  /** Set while a process draws the card; another takes the row only once this has passed. */
  takenUntil: timestamp('taken_until', { withTimezone: true, mode: 'date' }),
});
