import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiData<Category[]>('/categories', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 60 * 60 * 1000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
