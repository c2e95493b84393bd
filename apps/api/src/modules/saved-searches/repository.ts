import type { Database } from '../../db/client.ts';
import { createAlertQueries } from './alert-queries.ts';
import { createAlertRunQueries } from './alert-run-queries.ts';
import { createOwnerQueries } from './owner-queries.ts';

export type {
  DueSearch,
  PriorStateRow,
  RoleOpeningRow,
  SavedSearchRow,
} from './saved-search-rows.ts';

/** The saved searches' queries, by use case (the files imported above). */
export function createSavedSearchRepository(db: Database) {
  return {
    ...createOwnerQueries(db),
    ...createAlertQueries(db),
    ...createAlertRunQueries(db),
  };
}
export type SavedSearchRepository = ReturnType<typeof createSavedSearchRepository>;
