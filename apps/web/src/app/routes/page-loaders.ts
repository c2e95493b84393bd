import type { LoaderFunctionArgs } from 'react-router';
import { faqsQueryOptions } from '../../features/faq/api/get-faqs';
import { categoriesQueryOptions } from '../../features/reference/api/get-categories';
import { countriesQueryOptions } from '../../features/reference/api/get-countries';
import { rolesInfiniteQueryOptions } from '../../features/role-list/api/get-roles';
import { parseRoleCursor, parseRoleFilters } from '../../features/role-list/role-filters';
import { siteInfoQueryOptions } from '../../features/site/api/get-site-info';
import { primeQueries } from './prime-queries';
import { queryClientOf, type QueryClientSource } from './query-client-source';

/**
 * Loaders of the static pages (About, Contact, FAQ, Privacy). The route table imports this
 * module on demand, so these pages' data code stays off the home page's first load.
 */
export const faqLoader =
  (source: QueryClientSource) =>
  ({ context }: LoaderFunctionArgs) =>
    primeQueries([queryClientOf(source, context).prefetchQuery(faqsQueryOptions())]);

export const sitePageLoader =
  (source: QueryClientSource) =>
  ({ context }: LoaderFunctionArgs) => {
    const queryClient = queryClientOf(source, context);
    return primeQueries([
      queryClient.prefetchQuery(faqsQueryOptions()),
      queryClient.prefetchQuery(siteInfoQueryOptions()),
    ]);
  };

export const siteInfoLoader =
  (source: QueryClientSource) =>
  ({ context }: LoaderFunctionArgs) =>
    primeQueries([queryClientOf(source, context).prefetchQuery(siteInfoQueryOptions())]);

/** /roles: the open roles of the URL's filter, and the countries and categories to filter by. */
export const rolesLoader =
  (source: QueryClientSource) =>
  ({ request, context }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const queryClient = queryClientOf(source, context);
    return primeQueries([
      queryClient.prefetchQuery(countriesQueryOptions()),
      queryClient.prefetchQuery(categoriesQueryOptions()),
      queryClient.prefetchInfiniteQuery(
        rolesInfiniteQueryOptions(parseRoleFilters(params), parseRoleCursor(params)),
      ),
    ]);
  };
