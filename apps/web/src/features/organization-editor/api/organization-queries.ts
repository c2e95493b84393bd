import type { QueryClient } from '@tanstack/react-query';
import type { Organization } from '@si/contracts';
import { userQueryKey } from '../../../lib/session';

/**
 * The key of one organization's query. The public profile (features/organization-profile) reads
 * the same key, so a save made here shows there at once.
 */
export const organizationDetailKey = (id: string) => ['organizations', 'detail', id] as const;

/** After a change: the profile shows the saved organization; lists and the dashboard reload. */
export async function organizationChanged(queryClient: QueryClient, organization: Organization) {
  queryClient.setQueryData(organizationDetailKey(organization.id), organization);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['organizations', 'list'] }),
    queryClient.invalidateQueries({ queryKey: ['organizations', 'facets'] }),
    queryClient.invalidateQueries({ queryKey: [...userQueryKey, 'organizations'] }),
  ]);
}
