import type { LoaderFunctionArgs } from 'react-router';
import { publicRoleQueryOptions } from '../../features/role-page/api/get-role';
import { countriesQueryOptions } from '../../features/reference/api/get-countries';
import { organizationQueryOptions } from '../../lib/organization-queries';
import { primeQueries } from './prime-queries';
import { queryClientOf, type QueryClientSource } from './query-client-source';

/**
 * A role's page: the role, its organization (name, logo, the link to its profile) and the
 * country names. The route table imports this module on demand, so it stays off the home page's
 * first load.
 */
export const roleLoader =
  (source: QueryClientSource) =>
  ({ params, context }: LoaderFunctionArgs) => {
    const orgId = params.orgId ?? '';
    const queryClient = queryClientOf(source, context);
    return primeQueries([
      queryClient.prefetchQuery(publicRoleQueryOptions(orgId, params.roleId ?? '')),
      queryClient.prefetchQuery(organizationQueryOptions(orgId)),
      queryClient.prefetchQuery(countriesQueryOptions()),
    ]);
  };
