import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import {
  ORGANIZATION_LIST_DEFAULT_LIMIT,
  type OrganizationListMeta,
  type OrganizationSummary,
} from '@si/contracts';
import { apiRequest } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/organization-queries';

/**
 * The directory filter as it lives in the URL: country code (null = all), category ids (AND),
 * search text, verified organizations only, and hiring organizations only.
 */
export interface DirectoryFilters {
  country: string | null;
  categories: string[];
  q: string;
  verified: boolean;
  /** Only organizations with at least one open role. */
  hiring: boolean;
}

export interface OrganizationPage {
  data: OrganizationSummary[];
  meta: OrganizationListMeta;
}

export interface GetOrganizationsParams extends Partial<DirectoryFilters> {
  cursor?: string | null;
  limit?: number;
}

export function getOrganizations(
  params: GetOrganizationsParams,
  signal?: AbortSignal,
): Promise<OrganizationPage> {
  const {
    country,
    categories,
    q,
    verified,
    hiring,
    cursor,
    limit = ORGANIZATION_LIST_DEFAULT_LIMIT,
  } = params;
  return apiRequest<OrganizationPage>('/organizations', {
    signal,
    query: {
      country: country ?? undefined,
      categories: categories && categories.length > 0 ? categories.join(',') : undefined,
      q: q?.trim() || undefined,
      verified: verified ? 'true' : undefined,
      hiring: hiring ? 'true' : undefined,
      limit,
      cursor: cursor ?? undefined,
    },
  });
}

/** Sorted copy of the filter so that the same filter always gives the same cache key. */
function filterKey({ country, categories, q, verified, hiring }: DirectoryFilters) {
  return { country, categories: [...categories].sort(), q: q.trim(), verified, hiring };
}

/**
 * The first page of a URL is half a page: it fills the first screen at every width, and the page
 * stays light to render and hydrate (at most 800 elements, ADR 017); the next pages are full.
 */
export const FIRST_PAGE_SIZE = ORGANIZATION_LIST_DEFAULT_LIMIT / 2;

/**
 * Pages of the directory for a filter, from `cursor` on (a ?cursor= URL) or from the start; the
 * previous results stay on screen while a new filter loads.
 */
export const organizationsInfiniteQueryOptions = (
  filters: DirectoryFilters,
  cursor: string | null = null,
) =>
  infiniteQueryOptions({
    queryKey: organizationKeys.list(filterKey(filters), cursor),
    queryFn: ({ pageParam, signal }) =>
      getOrganizations(
        {
          ...filters,
          cursor: pageParam,
          limit: pageParam === cursor ? FIRST_PAGE_SIZE : ORGANIZATION_LIST_DEFAULT_LIMIT,
        },
        signal,
      ),
    initialPageParam: cursor,
    getNextPageParam: (lastPage) => lastPage.meta.nextCursor,
    placeholderData: keepPreviousData,
    retryOnMount: false,
  });

export function useOrganizations(filters: DirectoryFilters, cursor: string | null = null) {
  return useInfiniteQuery(organizationsInfiniteQueryOptions(filters, cursor));
}

/**
 * Category counts under the country filter alone: a category with 0 here is not available in
 * that country (its toggle is disabled and it is dropped from the filter when the country changes).
 */
export const countryFacetsQueryOptions = (country: string | null) =>
  queryOptions({
    queryKey: organizationKeys.facetsFor(country),
    queryFn: async ({ signal }) =>
      (await getOrganizations({ country, limit: 1 }, signal)).meta.facets,
  });
