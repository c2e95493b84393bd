import type {
  directoryPriorStates,
  roleOpenings,
  savedSearchAlertRuns,
  savedSearches,
} from '../../db/schema.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type NewSavedSearch = Pick<
  typeof savedSearches.$inferInsert,
  | 'userId'
  | 'name'
  | 'frequency'
  | 'follows'
  | 'q'
  | 'categoryIds'
  | 'country'
  | 'verified'
  | 'hiring'
  | 'kinds'
  | 'remote'
  | 'nextAlertAt'
>;
/** A search whose alert is due, with where it goes. */
export type DueSearch = SavedSearchRow & { email: string; disabled: boolean };
export type PriorStateRow = typeof directoryPriorStates.$inferSelect;
export type RoleOpeningRow = typeof roleOpenings.$inferSelect;
export type AlertRun = Omit<typeof savedSearchAlertRuns.$inferInsert, 'id'>;

/** A raw statement's rows (db.execute answers `{ rows }` on PGlite and pg alike). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
