import type { QueryClient } from '@tanstack/react-query';
import { faqsQueryOptions } from '../../features/faq/api/get-faqs';
import { siteInfoQueryOptions } from '../../features/site/api/get-site-info';
import { primeQueries } from './prime-queries';

/**
 * Loaders of the static pages (About, Contact, FAQ, Privacy). The route table imports this
 * module on demand, so these pages' data code stays off the home page's first load.
 */
export const faqLoader = (queryClient: QueryClient) => () =>
  primeQueries([queryClient.prefetchQuery(faqsQueryOptions())]);

export const sitePageLoader = (queryClient: QueryClient) => () =>
  primeQueries([
    queryClient.prefetchQuery(faqsQueryOptions()),
    queryClient.prefetchQuery(siteInfoQueryOptions()),
  ]);

export const siteInfoLoader = (queryClient: QueryClient) => () =>
  primeQueries([queryClient.prefetchQuery(siteInfoQueryOptions())]);
