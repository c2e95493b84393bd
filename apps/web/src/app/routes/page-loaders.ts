import type { LoaderFunctionArgs } from 'react-router';
import { faqsQueryOptions } from '../../features/faq/api/get-faqs';
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
