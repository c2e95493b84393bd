import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Building2, Plus } from 'lucide-react';
import {
  dashboardTexts,
  homeTexts,
  insightsTexts,
  roleEditorTexts,
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
  /** Where the organization stands in the directory (from its subscription, which payments knows). */
  renderPublication: (organization: Organization) => ReactNode;
}

/** My Organizations: the user's own organizations with their state, or the empty and error states. */
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
                  <p className="truncate font-semibold text-ink">{organization.name}</p>
                  {renderPublication(organization)}
                </div>
              </div>
              <div className="flex gap-2">
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
                  to={`/organizations/${organization.id}/edit`}
                  aria-label={`${dashboardTexts.editOrganization} ${organization.name}`}
                  className={buttonClasses('secondary', 'sm', 'flex-1 sm:flex-none')}
                >
                  {dashboardTexts.editOrganization}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
