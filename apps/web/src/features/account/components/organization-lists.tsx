import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Building2, Plus } from 'lucide-react';
import {
  activityTexts,
  dashboardTexts,
  homeTexts,
  insightsTexts,
  roleCan,
  memberRoleNames,
  membersPageTexts,
  roleEditorTexts,
  type MyOrganization,
  type Organization,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { InitialAvatar } from '../../../components/ui/initial-avatar';
import { ListState } from '../../../components/ui/list-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMyOrganizations } from '../api/get-my-organizations';
import { DashboardSection } from './dashboard-shell';

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-3">
      {[0, 1].map((row) => (
        <li key={row} className="flex items-center gap-4 rounded-control border border-line p-4">
          <Skeleton className="size-12 rounded-control" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/4" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Logo({ organization }: { organization: Organization }) {
  if (!organization.logo) {
    return <InitialAvatar name={organization.name} className="size-12 rounded-control text-xl" />;
  }
  return (
    <img
      src={organization.logo}
      alt={organization.name}
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className="size-12 shrink-0 rounded-control border border-line bg-surface object-cover"
    />
  );
}

export interface MyOrganizationsProps {
  /**
   * Where the organization stands in the directory (from its subscription, which payments
   * knows), with the billing controls the caller's role allows.
   */
  renderPublication: (organization: MyOrganization) => ReactNode;
}

/**
 * My Organizations: the organizations the user is a member of, with their role in each and
 * their state, or the empty and error states. The links are what every member may open (the
 * members page lets each do what their role allows).
 */
export function MyOrganizations({ renderPublication }: MyOrganizationsProps) {
  const query = useMyOrganizations();
  return (
    <DashboardSection id="my-organizations" title={dashboardTexts.myOrganizations}>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <ListState
          failed={dashboardTexts.organizationsFailed}
          retryLabel={dashboardTexts.retry}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <ListState
          empty={homeTexts.ownEmpty}
          icon={<Building2 className="size-6" />}
          action={
            <Link to="/submit-organization" className={buttonClasses('primary')}>
              <Plus aria-hidden="true" className="size-5" />
              {dashboardTexts.createOrganization}
            </Link>
          }
        />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="my-organizations">
          {query.data.map((organization) => (
            <li
              key={organization.id}
              className="flex flex-col gap-4 rounded-control border border-line p-4 sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 items-center gap-4">
                <Logo organization={organization} />
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="flex min-w-0 items-center gap-2">
                    <span className="truncate font-semibold text-ink">{organization.name}</span>
                    <span
                      className="inline-flex w-fit shrink-0 items-center rounded-pill bg-brand-soft px-2.5 py-0.5 text-sm font-semibold text-brand-ink"
                      data-testid="my-role"
                    >
                      {memberRoleNames[organization.myRole]}
                    </span>
                  </p>
                  {renderPublication(organization)}
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/organizations/${organization.id}`}
                  aria-label={`${dashboardTexts.view} ${organization.name}`}
                  className={buttonClasses('secondary', 'sm', 'flex-1 sm:flex-none')}
                >
                  {dashboardTexts.view}
                </Link>
                <Link
                  to={`/dashboard/organizations/${organization.id}/insights`}
                  aria-label={`${insightsTexts.open} ${organization.name}`}
                  className={buttonClasses('secondary', 'sm', 'flex-1 sm:flex-none')}
                >
                  {insightsTexts.open}
                </Link>
                <Link
                  to={`/dashboard/organizations/${organization.id}/roles`}
                  aria-label={`${roleEditorTexts.open} ${organization.name}`}
                  className={buttonClasses('secondary', 'sm', 'flex-1 sm:flex-none')}
                >
                  {roleEditorTexts.open}
                </Link>
                <Link
                  to={`/dashboard/organizations/${organization.id}/members`}
                  aria-label={`${membersPageTexts.open} ${organization.name}`}
                  className={buttonClasses('secondary', 'sm', 'flex-1 sm:flex-none')}
                >
                  {membersPageTexts.open}
                </Link>
                <Link
                  to={`/organizations/${organization.id}/edit`}
                  aria-label={`${dashboardTexts.editOrganization} ${organization.name}`}
                  className={buttonClasses('secondary', 'sm', 'flex-1 sm:flex-none')}
                >
                  {dashboardTexts.editOrganization}
                </Link>
                {roleCan(organization.myRole, 'members') ? (
                  <Link
                    to={`/dashboard/organizations/${organization.id}/activity`}
                    aria-label={`${activityTexts.open} ${organization.name}`}
                    className={buttonClasses('secondary', 'sm', 'flex-1 sm:flex-none')}
                  >
                    {activityTexts.open}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
