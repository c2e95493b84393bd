import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedSearchTexts, type CreateSavedSearchRequest, type SavedSearch } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { savedSearchesKey } from './get-saved-searches';

/** POST /api/saved-searches: saves the directory's current search with a name and frequency. */
export function createSavedSearch(request: CreateSavedSearchRequest): Promise<SavedSearch> {
  return apiData<SavedSearch>('/saved-searches', {
    method: 'POST',
    body: request,
    fallbackMessage: savedSearchTexts.failed,
  });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}
