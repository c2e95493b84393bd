import { useQuery } from '@tanstack/react-query';
import { myOrganizationsQueryOptions } from '../../../lib/organization-queries';

/** The signed-in user's organizations, in any payment state, with their role in each. */
export { getMyOrganizations, myOrganizationsQueryOptions } from '../../../lib/organization-queries';

export function useMyOrganizations() {
  return useQuery(myOrganizationsQueryOptions());
}
