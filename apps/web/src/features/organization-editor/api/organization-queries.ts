import type { QueryClient } from '@tanstack/react-query';
import type { Organization } from '@si/contracts';
import { directoryChanged, organizationKeys } from '../../../lib/organization-queries';

/** After a change: the profile shows the saved organization; lists and the dashboard reload. */
export async function organizationChanged(queryClient: QueryClient, organization: Organization) {
  queryClient.setQueryData(organizationKeys.detail(organization.id), organization);
  await directoryChanged(queryClient);
}
