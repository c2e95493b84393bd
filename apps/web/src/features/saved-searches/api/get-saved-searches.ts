import { queryOptions, useQuery } from '@tanstack/react-query';
import { savedSearchTexts, type SavedSearch } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

export const savedSearchesKey = ['saved-searches'] as const;

/** GET /api/saved-searches: the signed-in account's saved searches, newest first. */
export function getSavedSearches(): Promise<SavedSearch[]> {
  return apiData<SavedSearch[]>('/saved-searches', {
    fallbackMessage: savedSearchTexts.loadFailed,
  });
}

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: savedSearchesKey, queryFn: getSavedSearches });

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}
