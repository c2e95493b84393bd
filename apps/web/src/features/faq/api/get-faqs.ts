import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqItem } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

export function getFaqs(signal?: AbortSignal): Promise<FaqItem[]> {
  return apiData<FaqItem[]>('/faqs', { signal });
}

export const faqsQueryOptions = () =>
  queryOptions({
    queryKey: ['faqs'],
    queryFn: ({ signal }) => getFaqs(signal),
    staleTime: 60 * 60 * 1000,
  });

export function useFaqs() {
  return useQuery(faqsQueryOptions());
}
