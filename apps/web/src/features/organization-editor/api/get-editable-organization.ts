import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationQueryOptions } from '../../../lib/organization-queries';

/**
 * The organization the editor opens. Always read afresh when the editor opens: its `version` is
 * what a save is made on, and a copy cached from an earlier visit may be out of date.
 */
export const editableOrganizationQueryOptions = (id: string) =>
  queryOptions({
    ...organizationQueryOptions(id),
    // A failed earlier read (on the profile) is tried again when the editor opens.
    retryOnMount: true,
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
