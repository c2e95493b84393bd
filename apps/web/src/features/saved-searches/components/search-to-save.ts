import type { SavedRoleSearchFilters, SavedSearchFilters } from '@si/contracts';

/** What 'Save this search' saves: the directory's filters, or the open roles' (ADR 046). */
export type SearchToSave =
  | { follows: 'organizations'; filters: SavedSearchFilters }
  | { follows: 'roles'; filters: SavedRoleSearchFilters };
