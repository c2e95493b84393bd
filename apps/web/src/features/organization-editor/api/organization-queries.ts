import type { QueryClient } from '@tanstack/react-query';
import type { Organization, OrganizationVerification } from '@si/contracts';
import { directoryChanged, organizationKeys } from '../../../lib/organization-queries';

/** After a change: the profile shows the saved organization; lists and the dashboard reload. */
export async function organizationChanged(queryClient: QueryClient, organization: Organization) {
  queryClient.setQueryData(organizationKeys.detail(organization.id), organization);
  await directoryChanged(queryClient);
}

/**
 * The badge was granted: the editor (and the profile) show it at once from the cached copy; the
 * copy is marked stale, so the profile reads the organization again when it opens, and the
 * directory's cards reload. The editor itself does not read again: its form is being edited.
 */
export async function verificationChanged(
  queryClient: QueryClient,
  id: string,
  verification: OrganizationVerification,
) {
  queryClient.setQueryData<Organization>(organizationKeys.detail(id), (organization) =>
    organization ? { ...organization, verification } : organization,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationKeys.detail(id), refetchType: 'none' }),
    directoryChanged(queryClient),
  ]);
}
