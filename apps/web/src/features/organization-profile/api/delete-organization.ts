import { useMutation, type QueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { directoryChanged, organizationKeys } from '../../../lib/organization-queries';

/** DELETE /api/organizations/{id}: the organization, its images and category links. */
export function deleteOrganization(id: string): Promise<{ deleted: true }> {
  return apiData<{ deleted: true }>(`/organizations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteOrganization() {
  return useMutation({ mutationFn: deleteOrganization });
}

/**
 * Once the page of a deleted organization has been left: its cached copy goes, and the lists
 * that showed it load again.
 */
export async function forgetOrganization(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: organizationKeys.detail(id) });
  await directoryChanged(queryClient);
}
