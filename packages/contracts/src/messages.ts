import { countOf } from './counts.ts';

/**
 * Every user-facing text that docs/product.md#texts-that-are-part-of-the-contract gives word for word, in one place, so the web app,
 * the API and the tests use the same wording.
 */
export const siteName = 'Scaling Impact';
export const titleSuffix = ' - Scaling Impact';

export const homeTexts = {
  title: 'Scaling Impact | Discover Mission-Driven Organizations Building Bold Ideas',
  heading: 'Discover Mission-Driven Organizations Building Bold Ideas',
  subtitle: 'Organizations scaling impact',
  filterPanel: 'Filter by Categories',
  clearAllFilters: 'Clear All Filters',
  badgeNone: 'select categories',
  badgeMatching: (count: number) =>
    countOf(count, 'matching organization', 'matching organizations'),
  /** A category pill's count, in its accessible name. */
  categoryCount: (count: number) => countOf(count, 'organization', 'organizations'),
  clearAll: 'Clear All',
  /** The phone's category sheet: what closes it and takes the visitor to the list. */
  showResults: (count: number | undefined) =>
    count === undefined
      ? 'Show organizations'
      : `Show ${countOf(count, 'organization', 'organizations')}`,
  closeCategories: 'Close categories',
  skipToResults: 'Skip to the organizations',
  categoryChip: (name: string) => `Category: ${name}`,
  gridHeading: (count: string) => `Organizations (${count})`,
  addCardFront: 'Add Your Organization',
  addCardBack: 'Join Our Community',
  emptyTitle: 'No organizations found',
  emptyBody: 'Try adjusting your filters to see more organizations.',
  ownEmpty: "You haven't created any organizations yet.",
  allCountries: 'All Countries',
  loadingCountries: 'Loading countries...',
  errorCountries: 'Error loading countries',
  noCountries: 'No countries with organizations available',
  errorCategories: 'Error loading categories',
  failedOrganizations: 'Failed to load organizations',
  searchPlaceholder: 'Search by name, mission or location',
  // Shown only where the page runs without JavaScript (the filter form is then sent by hand).
  searchButton: 'Search',
  applyCountry: 'Apply',
  nextPage: 'Next page',
  firstPage: 'Back to the first page',
} as const;

export const errorBoundaryTexts = {
  heading: 'Something went wrong',
  fallback: 'An unexpected error occurred',
  retry: 'Try again',
} as const;

export const sessionTexts = {
  referenceLoadFailed: 'Unable to load data. Please check your connection and try again.',
  referenceUnauthorized:
    'Authentication required. Please wait while we complete the sign-in process.',
} as const;

export const apiMessages = {
  organizationNotFound: (id: string) => `Organization with ID "${id}" not found`,
  unknownCategories: (ids: string[]) => `Unknown categories: ${ids.join(', ')}`,
  unknownCountry: (code: string) => `Unknown country: ${code}`,
  badCursor: 'The cursor is not valid. Start again from the first page.',
  routeNotFound: 'No such endpoint',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

/** Requests refused at the server's edge, before any route (the web app never sends them). */
export const refusalMessages = {
  crossSite: 'This request came from another site and was refused.',
  malformedUrl: 'The address is not valid: it holds a broken %-escape.',
  malformedRequest: 'The request is malformed.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
} as const;
