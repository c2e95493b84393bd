import { Link } from 'react-router';
import { Building2, CreditCard, Plus } from 'lucide-react';
import {
  dashboardTexts,
  homeTexts,
  organizationEditorTexts,
  paymentStatusNames,
  subscriptionTypeNames,
  type Organization,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { InitialAvatar } from '../../../components/ui/initial-avatar';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusCard } from '../../../components/ui/status-card';
import { cx } from '../../../lib/class-names';
import { isSubscription, useMyOrganizations } from '../api/get-my-organizations';
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

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice tone="danger" message={message}>
      <Button variant="secondary" size="sm" className="w-fit" onClick={onRetry}>
        {dashboardTexts.retry}
      </Button>
    </Notice>
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

function StatusPill({ ok, children }: { ok: boolean; children: string }) {
  return (
    <span
      className={cx(
        'inline-flex w-fit items-center rounded-pill px-2.5 py-0.5 text-sm font-semibold',
        ok ? 'bg-success-soft text-success-ink' : 'bg-sunken text-ink-muted',
      )}
    >
      {children}
    </span>
  );
}

/** My Organizations: the user's own organizations with their state, or the empty and error states. */
export function MyOrganizations() {
  const query = useMyOrganizations();
  return (
    <DashboardSection id="my-organizations" title={dashboardTexts.myOrganizations}>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <LoadError
          message={dashboardTexts.organizationsFailed}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <StatusCard
          icon={<Building2 className="size-6" />}
          title={homeTexts.ownEmpty}
          className="border-dashed bg-canvas py-8"
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
                  <StatusPill ok={organization.published}>
                    {organization.published
                      ? dashboardTexts.published
                      : organizationEditorTexts.notPublicYet}
                  </StatusPill>
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

/** My Subscriptions: organizations that are paid or have a plan: plan, status and name. */
export function MySubscriptions() {
  const query = useMyOrganizations();
  const subscriptions = query.data?.filter(isSubscription) ?? [];
  return (
    <DashboardSection id="my-subscriptions" title={dashboardTexts.mySubscriptions}>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <LoadError
          message={dashboardTexts.subscriptionsFailed}
          onRetry={() => void query.refetch()}
        />
      ) : subscriptions.length === 0 ? (
        <StatusCard
          icon={<CreditCard className="size-6" />}
          title={dashboardTexts.noSubscriptions}
          className="border-dashed bg-canvas py-8"
        >
          {dashboardTexts.noSubscriptionsHint}
        </StatusCard>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="my-subscriptions">
          {subscriptions.map((organization) => (
            <li
              key={organization.id}
              className="flex flex-col gap-3 rounded-control border border-line p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <Link
                to={`/organizations/${organization.id}`}
                className="min-w-0 truncate font-semibold text-ink underline-offset-4 hover:underline"
              >
                {organization.name}
              </Link>
              <dl className="flex shrink-0 gap-6 text-sm">
                <div className="flex flex-col gap-1">
                  <dt className="text-ink-subtle">{dashboardTexts.subscriptionPlan}</dt>
                  <dd className="font-semibold text-ink">
                    {organization.subscriptionType
                      ? subscriptionTypeNames[organization.subscriptionType]
                      : '—'}
                  </dd>
                </div>
                <div className="flex flex-col gap-1">
                  <dt className="text-ink-subtle">{dashboardTexts.subscriptionStatus}</dt>
                  <dd>
                    <StatusPill ok={organization.paymentStatus === 'paid'}>
                      {paymentStatusNames[organization.paymentStatus]}
                    </StatusPill>
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
