import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryGroup } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

export function getCategoryGroups(signal?: AbortSignal): Promise<CategoryGroup[]> {
  return apiData<CategoryGroup[]>('/category-groups', { signal });
}

export const categoryGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'category-groups'],
    queryFn: ({ signal }) => getCategoryGroups(signal),
    staleTime: 60 * 60 * 1000,
  });

export function useCategoryGroups() {
  return useQuery(categoryGroupsQueryOptions());
}
