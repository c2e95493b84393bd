import { redirect, type LoaderFunctionArgs } from 'react-router';
import {
  countryFacetsQueryOptions,
  organizationsInfiniteQueryOptions,
} from '../../features/directory/api/get-organizations';
import {
  directoryFormTarget,
  parseDirectoryCursor,
  parseDirectoryFilters,
} from '../../features/directory/hooks/use-directory-filters';
import { organizationQueryOptions } from '../../lib/organization-queries';
import { activeCountriesQueryOptions } from '../../features/reference/api/get-active-countries';
import { categoriesQueryOptions } from '../../features/reference/api/get-categories';
import { categoryGroupsQueryOptions } from '../../features/reference/api/get-category-groups';
import { countriesQueryOptions } from '../../features/reference/api/get-countries';
import { siteInfoQueryOptions } from '../../features/site/api/get-site-info';
import type * as ProfileRoute from './organization-detail';
import { primeQueries } from './prime-queries';
import { queryClientOf, type QueryClientSource } from './query-client-source';

/**
 * Route loaders prime TanStack Query; the pages read the same queries. They are defined in the
 * route table (not in the lazy route modules) so data and code load in parallel.
 */
/**
 * The layout's own data, for every page: the footer's contact email and parent brands, so they
 * are in the server's HTML of each page. Read once (the route never revalidates).
 */
export const layoutLoader =
  (source: QueryClientSource) =>
  ({ context }: LoaderFunctionArgs) =>
    primeQueries([queryClientOf(source, context).prefetchQuery(siteInfoQueryOptions())]);

export const homeLoader =
  (source: QueryClientSource) =>
  ({ request, context }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    // The filter form submitted without JavaScript: on to the filter's own URL.
    const target = directoryFormTarget(params);
    if (target) throw redirect(target, 303);
    const filters = parseDirectoryFilters(params);
    const queryClient = queryClientOf(source, context);
    return primeQueries([
      queryClient.prefetchQuery(categoryGroupsQueryOptions()),
      queryClient.prefetchQuery(categoriesQueryOptions()),
      queryClient.prefetchQuery(activeCountriesQueryOptions()),
      queryClient.prefetchInfiniteQuery(
        organizationsInfiniteQueryOptions(filters, parseDirectoryCursor(params)),
      ),
      queryClient.prefetchQuery(countryFacetsQueryOptions(filters.country)),
    ]);
  };

export const organizationLoader =
  (
    source: QueryClientSource,
    /** The route's own module (its `lazy`): it brings the code of the profile's other reads. */
    routeModule: () => Promise<typeof ProfileRoute>,
  ) =>
  ({ params, context }: LoaderFunctionArgs) => {
    const orgId = params.orgId ?? '';
    const queryClient = queryClientOf(source, context);
    return primeQueries([
      // An id that is no UUID is answered 'not found' without a request.
      queryClient.prefetchQuery(organizationQueryOptions(orgId)),
      queryClient.prefetchQuery(categoriesQueryOptions()),
      queryClient.prefetchQuery(countriesQueryOptions()),
      // Its open roles and milestones (ADR 042), in the server's HTML too, asked for once the
      // route's module (loading meanwhile) is there: their code stays off home's first load.
      routeModule().then((route) => route.prefetch(queryClient, orgId)),
    ]);
  };
