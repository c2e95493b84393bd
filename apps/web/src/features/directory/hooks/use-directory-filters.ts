import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ALL_COUNTRIES_FILTER_VALUE, MAX_FILTER_CATEGORIES, SEARCH_QUERY_MAX } from '@si/contracts';
import { countryFacetsQueryOptions, type DirectoryFilters } from '../api/get-organizations';

const categoryIdPattern = /^[a-z0-9_]{1,64}$/;
const countryPattern = /^(?:[A-Z]{2}|ALL)$/;

/** Reads the directory filter from URL search params (?country=KE&categories=a,b&q=text&verified=true). */
export function parseDirectoryFilters(params: URLSearchParams): DirectoryFilters {
  const rawCountry = (params.get('country') ?? '').trim().toUpperCase();
  const country =
    rawCountry &&
    rawCountry !== ALL_COUNTRIES_FILTER_VALUE.toUpperCase() &&
    countryPattern.test(rawCountry)
      ? rawCountry
      : null;
  const categories = [
    ...new Set(
      (params.get('categories') ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => categoryIdPattern.test(id)),
    ),
  ].slice(0, MAX_FILTER_CATEGORIES);
  const q = (params.get('q') ?? '').slice(0, SEARCH_QUERY_MAX);
  const verified = params.get('verified') === 'true';
  const hiring = params.get('hiring') === 'true';
  return { country, categories, q, verified, hiring };
}

const cursorPattern = /^[\w.=-]{1,512}$/;

/** The page of results the URL starts at (?cursor=, the link to the next page without JavaScript). */
export function parseDirectoryCursor(params: URLSearchParams): string | null {
  const cursor = params.get('cursor');
  return cursor && cursorPattern.test(cursor) ? cursor : null;
}

/**
 * The URL of the results from `cursor` on, under the same filter: the filter as the page reads
 * it and nothing else, so every URL that shows the same results links to the same pages (and the
 * server keeps one rendered copy of them, whatever else a URL carries).
 */
export function directoryPageHref(params: URLSearchParams, cursor: string | null): string {
  const { categories, country, q, verified, hiring } = parseDirectoryFilters(params);
  const next = new URLSearchParams();
  if (categories.length > 0) next.set('categories', categories.join(','));
  if (country) next.set('country', country);
  if (q) next.set('q', q);
  if (verified) next.set('verified', 'true');
  if (hiring) next.set('hiring', 'true');
  if (cursor) next.set('cursor', cursor);
  const search = next.toString();
  return search ? `/?${search}` : '/';
}

/**
 * Without JavaScript the filter form is submitted (a GET to /): a category button sends
 * toggle=<id>, the clear buttons clear=categories or clear=all, and removing 'Verified only'
 * clear=verified (adding it sends verified=true itself, a filter's own param: no action), 'Hiring'
 * likewise hiring=true and clear=hiring, and the chips' Clear All clear=toggles (the categories,
 * 'Verified only' and 'Hiring').
 * Returns the filter's own URL to redirect to, or null when the params hold no such action.
 */
export function directoryFormTarget(params: URLSearchParams): string | null {
  const toggle = params.get('toggle');
  const clear = params.get('clear');
  if (toggle === null && clear === null) return null;
  const filters = parseDirectoryFilters(params);
  if (toggle !== null && categoryIdPattern.test(toggle)) {
    filters.categories = filters.categories.includes(toggle)
      ? filters.categories.filter((id) => id !== toggle)
      : [...filters.categories, toggle].slice(0, MAX_FILTER_CATEGORIES);
  }
  if (clear === 'categories' || clear === 'toggles' || clear === 'all') filters.categories = [];
  if (clear === 'verified' || clear === 'toggles' || clear === 'all') filters.verified = false;
  if (clear === 'hiring' || clear === 'toggles' || clear === 'all') filters.hiring = false;
  if (clear === 'all') Object.assign(filters, { country: null, q: '' });
  const next = writeDirectoryFilters(params, filters);
  next.delete('toggle');
  next.delete('clear');
  return directoryPageHref(next, null);
}

/**
 * Writes the filter into a copy of the params, leaving other params alone and dropping empty
 * values. A new filter starts at its first page.
 */
export function writeDirectoryFilters(
  params: URLSearchParams,
  filters: DirectoryFilters,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('cursor');
  if (filters.categories.length > 0) next.set('categories', filters.categories.join(','));
  else next.delete('categories');
  if (filters.country) next.set('country', filters.country);
  else next.delete('country');
  if (filters.q.trim()) next.set('q', filters.q.trim());
  else next.delete('q');
  if (filters.verified) next.set('verified', 'true');
  else next.delete('verified');
  if (filters.hiring) next.set('hiring', 'true');
  else next.delete('hiring');
  return next;
}

export function hasActiveFilters(filters: DirectoryFilters): boolean {
  return (
    filters.categories.length > 0 ||
    filters.country !== null ||
    filters.q.trim() !== '' ||
    filters.verified ||
    filters.hiring
  );
}

/**
 * The directory filter mirrored in the URL. Every change replaces the history entry.
 * Changing the country drops the selected categories that are not available there.
 */
export function useDirectoryFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const filters = useMemo(() => parseDirectoryFilters(searchParams), [searchParams]);
  const cursor = parseDirectoryCursor(searchParams);

  // setSearchParams closes over the params of its render; async callers need the latest ones.
  const latest = useRef(searchParams);
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const update = useCallback(
    (change: Partial<DirectoryFilters>) => {
      const current = latest.current;
      const next = writeDirectoryFilters(current, { ...parseDirectoryFilters(current), ...change });
      latest.current = next;
      setSearchParams(next, { replace: true, preventScrollReset: true });
    },
    [setSearchParams],
  );

  const setCountry = useCallback(
    (value: string) => {
      const country = value === ALL_COUNTRIES_FILTER_VALUE ? null : value;
      update({ country });
      if (parseDirectoryFilters(latest.current).categories.length === 0) return;
      void queryClient
        .fetchQuery(countryFacetsQueryOptions(country))
        .then((facets) => {
          const now = parseDirectoryFilters(latest.current);
          if (now.country !== country) return;
          const kept = now.categories.filter((id) => (facets[id] ?? 0) > 0);
          if (kept.length !== now.categories.length) update({ categories: kept });
        })
        .catch(() => {
          // Failing to load availability only means nothing is dropped (docs/product.md#home-and-the-directory: logged only).
        });
    },
    [queryClient, update],
  );

  const toggleCategory = useCallback(
    (id: string) => {
      const { categories } = parseDirectoryFilters(latest.current);
      update({
        categories: categories.includes(id)
          ? categories.filter((c) => c !== id)
          : [...categories, id],
      });
    },
    [update],
  );

  const removeCategory = useCallback(
    (id: string) =>
      update({
        categories: parseDirectoryFilters(latest.current).categories.filter((c) => c !== id),
      }),
    [update],
  );

  const clearCategories = useCallback(() => update({ categories: [] }), [update]);
  const clearToggles = useCallback(
    () => update({ categories: [], verified: false, hiring: false }),
    [update],
  );
  const clearAll = useCallback(
    () => update({ categories: [], country: null, q: '', verified: false, hiring: false }),
    [update],
  );
  const setQuery = useCallback((q: string) => update({ q }), [update]);
  const setVerified = useCallback((verified: boolean) => update({ verified }), [update]);
  const setHiring = useCallback((hiring: boolean) => update({ hiring }), [update]);

  return {
    filters,
    cursor,
    searchParams,
    setCountry,
    toggleCategory,
    removeCategory,
    clearCategories,
    clearToggles,
    clearAll,
    setQuery,
    setVerified,
    setHiring,
  };
}
