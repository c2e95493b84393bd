import { useParams } from 'react-router';
import { RoleDetailPage } from '../../features/role-page/components/role-detail-page';
import { useCountries } from '../../features/reference/api/get-countries';
import { byCode, lookupOf } from '../../lib/lookups';

/** /organizations/:orgId/roles/:roleId : one open role's public page. */
export function Component() {
  const { orgId = '', roleId = '' } = useParams();
  const countries = useCountries();
  return (
    <RoleDetailPage
      key={`${orgId}/${roleId}`}
      orgId={orgId}
      roleId={roleId}
      countriesByCode={lookupOf(countries.data, byCode)}
      referencePending={countries.isPending}
    />
  );
}
