import { useMutation, type QueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/session';
import { organizationQueryOptions } from './get-organization';

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
  queryClient.removeQueries({ queryKey: organizationQueryOptions(id).queryKey });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] }),
    queryClient.invalidateQueries({ queryKey: ['organizations', 'facets'] }),
    queryClient.invalidateQueries({ queryKey: [...userQueryKey, 'organizations'] }),
  ]);
}
