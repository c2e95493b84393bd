import { skipToken, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { CurrentUser } from '@si/contracts';
import { ReportRole } from '../../features/organization-profile/components/report-role';
import { RoleDetailPage } from '../../features/role-page/components/role-detail-page';
import { useCountries } from '../../features/reference/api/get-countries';
import { byCode, lookupOf } from '../../lib/lookups';
import { sessionQueryKey } from '../../lib/session';

/** /organizations/:orgId/roles/:roleId : one open role's public page. */
export function Component() {
  const { orgId = '', roleId = '' } = useParams();
  const countries = useCountries();
  // The session the header has read, if it has: its owner is not offered to report their role.
  const { data: user } = useQuery<CurrentUser | null>({
    queryKey: sessionQueryKey,
    queryFn: skipToken,
  });
  return (
    <RoleDetailPage
      key={`${orgId}/${roleId}`}
      orgId={orgId}
      roleId={roleId}
      countriesByCode={lookupOf(countries.data, byCode)}
      referencePending={countries.isPending}
      openRoleActions={(createdBy) =>
        user?.id === createdBy ? null : (
          <div className="flex justify-end">
            <ReportRole organization={{ id: orgId }} role={{ id: roleId }} />
          </div>
        )
      }
    />
  );
}
