import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedSearchTexts, type SavedSearch } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { savedSearchesKey } from './get-saved-searches';

/** DELETE /api/saved-searches/:id: one of the account's saved searches, and its alerts. */
export function deleteSavedSearch(id: string): Promise<{ deleted: true }> {
  return apiData<{ deleted: true }>(`/saved-searches/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallbackMessage: savedSearchTexts.removeFailed,
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchesKey, (searches) =>
        searches?.filter((search) => search.id !== id),
      );
    },
  });
}
