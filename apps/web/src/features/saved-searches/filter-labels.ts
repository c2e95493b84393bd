import {
  hiringTexts,
  roleKindNames,
  savedRoleSearchTexts,
  savedSearchTexts,
  type SavedRoleSearchFilters,
  type SavedSearch,
  type SavedSearchFilters,
} from '@si/contracts';

/** How a page names categories and countries (by name, once the reference data is there). */
export interface ReferenceNames {
  category: (id: string) => string;
  country: (code: string) => string;
}

/** A directory search's filters as people read them ('“solar”', 'Kenya', 'Hiring'). */
export const organizationSearchLabels = (filters: SavedSearchFilters, names: ReferenceNames) => [
  ...(filters.q ? [savedSearchTexts.searchFor(filters.q)] : []),
  ...filters.categories.map(names.category),
  ...(filters.country ? [names.country(filters.country)] : []),
  ...(filters.verified ? [savedSearchTexts.verifiedOnly] : []),
  ...(filters.hiring ? [hiringTexts.filterChip] : []),
];

/** A roles search's filters as people read them ('“designer”', 'Full-time', 'Remote only'). */
export const roleSearchLabels = (filters: SavedRoleSearchFilters, names: ReferenceNames) => [
  ...(filters.q ? [savedSearchTexts.searchFor(filters.q)] : []),
  ...filters.kinds.map((kind) => roleKindNames[kind]),
  ...(filters.remote ? [savedRoleSearchTexts.remoteOnly] : []),
  ...(filters.country ? [names.country(filters.country)] : []),
  ...filters.categories.map(names.category),
];

/** A saved search's filters as people read them, whichever it follows. */
export const savedSearchLabels = (search: SavedSearch, names: ReferenceNames) =>
  search.follows === 'roles'
    ? roleSearchLabels(search.filters, names)
    : organizationSearchLabels(search.filters, names);
