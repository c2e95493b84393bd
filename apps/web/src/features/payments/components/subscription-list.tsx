import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CreditCard } from 'lucide-react';
import {
  dashboardTexts,
  paymentHoldNames,
  paymentTexts,
  subscriptionStatusNames,
  subscriptionTypeNames,
  type Subscription,
  type SubscriptionStatus,
} from '@si/contracts';
import { ListState } from '../../../components/ui/list-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMySubscriptions } from '../api/get-subscriptions';
import { formatDate } from './format-date';
import { StatusPill, type PillTone } from './status-pill';
import { SubscriptionActions } from './subscription-actions';

const statusTones: Record<SubscriptionStatus, PillTone> = {
  paid: 'success',
  canceled: 'warning',
  past_due: 'warning',
  expired: 'neutral',
};

/** The second date's name: a renewing plan renews on it, anything else ends (or ended) then. */
function endLabel(subscription: Subscription): string {
  if (subscription.status === 'expired') return paymentTexts.subscriptionEnded;
  if (subscription.status === 'paid' && subscription.provider !== 'guest') {
    return paymentTexts.subscriptionRenews;
  }
  return paymentTexts.subscriptionEnds;
}

/**
 * The status as the owner reads it: a period whose payment was refunded or disputed at the
 * provider says so, and that it is not published, in place of the subscription's own status.
 */
function statusOf(subscription: Subscription): { name: string; tone: PillTone } {
  if (subscription.paymentHold && subscription.status !== 'expired') {
    return { name: paymentHoldNames[subscription.paymentHold], tone: 'warning' };
  }
  return {
    name: subscriptionStatusNames[subscription.status],
    tone: statusTones[subscription.status],
  };
}

function endDateOf(subscription: Subscription): string {
  // A failed renewal keeps the profile until its grace period ends.
  if (subscription.status === 'past_due' && subscription.graceEndDate) {
    return subscription.graceEndDate;
  }
  return subscription.endDate;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-ink-subtle">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

function SubscriptionsSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-3" data-testid="subscriptions-loading">
      {[0, 1].map((row) => (
        <li key={row} className="flex flex-col gap-3 rounded-control border border-line p-4">
          <Skeleton className="h-5 w-1/2" />
          <div className="flex gap-6">
            {[0, 1, 2, 3].map((fact) => (
              <Skeleton key={fact} className="h-9 w-20" />
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The list of My Subscriptions (docs/product.md#payments-and-subscriptions): each organization's latest
 * subscription with its plan, status, dates and what the owner can do with it; its loading,
 * empty and error states. The dashboard puts it in its section.
 */
export function SubscriptionList() {
  const query = useMySubscriptions();
  if (query.isPending) return <SubscriptionsSkeleton />;
  if (query.isError) {
    return (
      <ListState
        failed={dashboardTexts.subscriptionsFailed}
        retryLabel={dashboardTexts.retry}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <ListState empty={paymentTexts.subscriptionsEmpty} icon={<CreditCard className="size-6" />} />
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="my-subscriptions">
      {query.data.map((subscription) => (
        <li
          key={subscription.organizationId}
          data-testid="subscription"
          className="flex flex-col gap-4 rounded-control border border-line p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Link
              to={`/organizations/${subscription.organizationId}`}
              className="min-w-0 truncate font-semibold text-ink underline-offset-4 hover:underline"
            >
              {subscription.organizationName}
            </Link>
            <SubscriptionActions subscription={subscription} />
          </div>
          <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
            <Fact label={dashboardTexts.subscriptionPlan}>
              {subscriptionTypeNames[subscription.type]}
            </Fact>
            <Fact label={dashboardTexts.subscriptionStatus}>
              <StatusPill tone={statusOf(subscription).tone}>
                {statusOf(subscription).name}
              </StatusPill>
            </Fact>
            <Fact label={paymentTexts.subscriptionStarted}>
              {formatDate(subscription.startDate)}
            </Fact>
            <Fact label={endLabel(subscription)}>{formatDate(endDateOf(subscription))}</Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}
