import { countOf } from './counts.ts';
import { roleKinds } from './role-texts.ts';

/** What GET /api/roles refuses (ADR 044), as each 400 says it. */
export const roleListMessages = {
  unknownKind: `Role kinds are ${roleKinds.join(', ')}`,
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
