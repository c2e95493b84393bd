import { countOf } from './counts.ts';
import { roleKindsInOrder } from './role-names.ts';

/** What GET /api/roles refuses (ADR 044), as each 400 says it. */
export const roleListMessages = {
  // The kinds from role-names.ts: the page of roles loads it, not the owner's messages.
  unknownKind: `Role kinds are ${roleKindsInOrder.join(', ')}`,
  remoteTrueOnly: 'remote takes only true',
  limit: 'limit is a whole number from 1 to 100',
};

/** The words of the /roles page: every open role of published organizations (ADR 044). */
export const roleListTexts = {
  title: 'Open roles',
  description: 'Every open role at the mission-driven organizations in the directory.',
  /** The count above the list. */
  count: (count: number) => countOf(count, 'open role', 'open roles'),
  searchLabel: 'Search roles',
  searchPlaceholder: 'Title or organization',
  kindLegend: 'Kind',
  remoteLabel: 'Remote only',
  countryLabel: 'Country',
  anyCountry: 'Any country',
  categoryLabel: 'Category',
  anyCategory: 'Any category',
  apply: 'Show roles',
  clear: 'Clear filters',
  /** Sends the text without JavaScript (with it, Enter does). */
  searchButton: 'Search',
  /** The filters' sidebar, or on a phone the bar that opens them as a sheet (ADR 040). */
  filterPanel: 'Filter roles',
  filtersOn: (count: number) => countOf(count, 'filter on', 'filters on'),
  closeFilters: 'Close filters',
  skipToResults: 'Skip to the roles',
  /** The sheet's button that closes it onto the list. */
  showResults: (count: number | undefined) =>
    count === undefined ? 'Show roles' : `Show ${countOf(count, 'role', 'roles')}`,
  /** The chosen filters' chips (with each kind's name, 'Remote only' and the home's category chip). */
  countryChip: (name: string) => `Country: ${name}`,
  loadMore: 'Load more roles',
  nextPage: 'Next page',
  loading: 'Loading…',
  loadFailed: 'The roles could not be loaded. Try again.',
  retry: 'Try again',
  emptyTitle: 'No open roles match',
  emptyText: 'Try fewer filters, another country or other words.',
  emptyNone: 'No organization in the directory has an open role right now.',
  remoteAnywhere: 'Remote, anywhere',
  remoteIn: (countries: string) => `Remote, from ${countries}`,
  posted: (date: string) => `Posted ${date}`,
  /** The link in the site's navigation (nav-items.ts says the same). */
  navLink: 'Open roles',
};
