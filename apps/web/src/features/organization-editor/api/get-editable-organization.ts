import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { organizationDetailKey } from './organization-queries';

/** GET /api/organizations/{id}: for its owner, also while it is not published. */
export function getEditableOrganization(id: string, signal?: AbortSignal): Promise<Organization> {
  return apiData<Organization>(`/organizations/${encodeURIComponent(id)}`, { signal });
}

/**
 * The organization the editor opens. Always read afresh when the editor opens: its `version` is
 * what a save is made on, and a copy cached from an earlier visit may be out of date.
 */
export const editableOrganizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationDetailKey(id),
    queryFn: ({ signal }) => getEditableOrganization(id, signal),
    staleTime: 0,
  });

/**
 * Read afresh once when the editor opens, then only on request (Reload, Retry): no background
 * refetch (on reconnect or focus) while the owner edits, whose failure would replace the form
 * with an error and lose the unsaved edits.
 */
export function useEditableOrganization(id: string) {
  return useQuery({
    ...editableOrganizationQueryOptions(id),
    refetchOnMount: 'always',
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}
