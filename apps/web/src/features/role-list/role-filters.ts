import {
  MAX_FILTER_CATEGORIES,
  SEARCH_QUERY_MAX,
  roleKindsInOrder,
  type RoleKind,
} from '@si/contracts';

/** The filter of /roles as it lives in the URL (ADR 044), the directory's conventions. */
export interface RoleFilters {
  q: string;
  /** Any one of these kinds. */
  kinds: RoleKind[];
  remote: boolean;
  /** A country code, or null for anywhere. */
  country: string | null;
  categories: string[];
}

const categoryIdPattern = /^[a-z0-9_]{1,64}$/;
const countryPattern = /^[A-Z]{2}$/;
const cursorPattern = /^[\w.=-]{1,512}$/;

/**
 * Every value of a list parameter, comma-joined (`kind=a,b`, the directory's form) or repeated
 * (`kind=a&kind=b`, what a form's checkboxes send without JavaScript).
 */
const listOf = (params: URLSearchParams, name: string) =>
  params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

/** Reads the filter from the URL, leaving out what no role could match. */
export function parseRoleFilters(params: URLSearchParams): RoleFilters {
  const kinds = new Set(listOf(params, 'kind'));
  const country = (params.get('country') ?? '').trim().toUpperCase();
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX),
    kinds: roleKindsInOrder.filter((kind) => kinds.has(kind)),
    remote: params.get('remote') === 'true',
    country: countryPattern.test(country) ? country : null,
    categories: [
      ...new Set(listOf(params, 'categories').filter((id) => categoryIdPattern.test(id))),
    ].slice(0, MAX_FILTER_CATEGORIES),
  };
}

/** The page of roles the URL starts at (?cursor=, the next-page link without JavaScript). */
export function parseRoleCursor(params: URLSearchParams): string | null {
  const cursor = params.get('cursor');
  return cursor && cursorPattern.test(cursor) ? cursor : null;
}

/** The filter as URL parameters, in one order, empty values left out. */
export function roleFilterParams(filters: RoleFilters, cursor: string | null = null) {
  const next = new URLSearchParams();
  if (filters.q) next.set('q', filters.q);
  if (filters.kinds.length > 0) next.set('kind', filters.kinds.join(','));
  if (filters.remote) next.set('remote', 'true');
  if (filters.country) next.set('country', filters.country);
  if (filters.categories.length > 0) next.set('categories', filters.categories.join(','));
  if (cursor) next.set('cursor', cursor);
  return next;
}

/**
 * The URL of the roles from `cursor` on, under the URL's filter and nothing else: every URL that
 * shows the same roles is one page, kept once by the server.
 */
export function rolesPageHref(params: URLSearchParams, cursor = parseRoleCursor(params)): string {
  return rolesHref(parseRoleFilters(params), cursor);
}

/** The URL of the filter's roles from `cursor` on. */
export function rolesHref(filters: RoleFilters, cursor: string | null = null): string {
  const search = roleFilterParams(filters, cursor).toString();
  return search ? `/roles?${search}` : '/roles';
}

/** The filter with nothing chosen, the text kept: where 'Clear filters' leads. */
export const clearedFilters = (filters: RoleFilters): RoleFilters => ({
  q: filters.q,
  kinds: [],
  remote: false,
  country: null,
  categories: [],
});

export const hasRoleFilters = (filters: RoleFilters) =>
  Boolean(
    filters.q ||
    filters.kinds.length > 0 ||
    filters.remote ||
    filters.country ||
    filters.categories.length > 0,
  );

/**
 * The filter form's id: the search box's <form> (role-search-form.tsx), which the panel's
 * controls and buttons join.
 */
export const ROLE_FORM_ID = 'role-filters';

/** The filter without the text: what the panel and the chips show and clear. */
export const chosenFilterCount = (filters: RoleFilters) =>
  filters.kinds.length +
  (filters.remote ? 1 : 0) +
  (filters.country ? 1 : 0) +
  filters.categories.length;

/**
 * Shows the filter in the form's controls: they are uncontrolled (a choice applied in place
 * keeps the focus where it was), so a chip's removal, a clear or the back button must set them.
 */
export function showFiltersIn(form: HTMLFormElement, filters: RoleFilters) {
  // Each control of the form is an input or a select; both have these three.
  for (const control of form.elements as HTMLCollectionOf<HTMLInputElement>) {
    const { name, value } = control;
    if (control.type === 'checkbox') {
      control.checked =
        name === 'remote' ? filters.remote : filters.kinds.includes(value as RoleKind);
    } else if (name === 'q') control.value = filters.q;
    else if (name === 'country') control.value = filters.country ?? '';
    else if (name === 'categories') control.value = filters.categories[0] ?? '';
  }
}
