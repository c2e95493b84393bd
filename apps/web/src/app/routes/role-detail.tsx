import { skipToken, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { roleCan, rolePageTexts, type CurrentUser } from '@si/contracts';
import { buttonClasses } from '../../components/ui/button';
import { ReportRole } from '../../features/organization-profile/components/report-role';
import { RoleDetailPage } from '../../features/role-page/components/role-detail-page';
import { useCountries } from '../../features/reference/api/get-countries';
import { byCode, lookupOf } from '../../lib/lookups';
import { useMyRole } from '../../lib/organization-queries';
import { sessionQueryKey } from '../../lib/session';

/** /organizations/:orgId/roles/:roleId : one open role's public page. */
export function Component() {
  const { orgId = '', roleId = '' } = useParams();
  const countries = useCountries();
  // The session the header has read, if it has: a member of the organization (ADR 047) is not
  // offered to report its role, and one whose role edits is led to its roles instead.
  const { data: user } = useQuery<CurrentUser | null>({
    queryKey: sessionQueryKey,
    queryFn: skipToken,
  });
  const myRole = useMyRole(orgId, user && !user.isAnonymous ? user.id : null);
  let actions = null;
  if (myRole === null) {
    actions = <ReportRole organization={{ id: orgId }} role={{ id: roleId }} />;
  } else if (roleCan(myRole, 'edit')) {
    actions = (
      <Link
        to={`/dashboard/organizations/${encodeURIComponent(orgId)}/roles`}
        className={buttonClasses('secondary', 'sm')}
      >
        {rolePageTexts.manageRoles}
      </Link>
    );
  }
  return (
    <RoleDetailPage
      key={`${orgId}/${roleId}`}
      orgId={orgId}
      roleId={roleId}
      countriesByCode={lookupOf(countries.data, byCode)}
      referencePending={countries.isPending}
      openRoleActions={actions && <div className="flex justify-end">{actions}</div>}
    />
  );
}
