import { Link } from 'react-router';
import {
  paymentTexts,
  publicationStateNames,
  type Organization,
  type PublicationState,
  type Subscription,
} from '@si/contracts';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from './format-date';
import { newlyCreatedState, planSelectionPath } from './newly-created';
import { StatusPill, type PillTone } from './status-pill';

/**
 * Where an organization stands in the directory, from its latest subscription: live, ending
 * (canceled, public until its end), payment failed (public until the grace ends), lapsed
 * (expired: hidden), not public yet (never subscribed), held back by an operator, or its
 * period's payment refunded or disputed at the provider (hidden for that period).
 */
export function publicationStateOf(
  organization: Pick<Organization, 'published'>,
  subscription: Subscription | undefined,
): PublicationState {
  if (subscription?.paymentHold && subscription.status !== 'expired') {
    return subscription.paymentHold;
  }
  switch (subscription?.status) {
    case 'canceled':
      return 'ending';
    case 'past_due':
      return 'paymentFailed';
    case 'expired':
      return 'lapsed';
    case 'paid':
      return organization.published ? 'live' : 'held';
    default:
      return organization.published ? 'live' : 'notPublicYet';
  }
}

const tones: Record<PublicationState, PillTone> = {
  live: 'success',
  ending: 'warning',
  paymentFailed: 'warning',
  lapsed: 'neutral',
  notPublicYet: 'neutral',
  held: 'neutral',
  refunded: 'warning',
  disputed: 'warning',
};

function detailOf(state: PublicationState, subscription: Subscription | undefined): string | null {
  if (state === 'ending' && subscription)
    return paymentTexts.publicUntil(formatDate(subscription.endDate));
  if (state === 'paymentFailed' && subscription) {
    return paymentTexts.publicUntil(formatDate(subscription.graceEndDate ?? subscription.endDate));
  }
  if (state === 'lapsed' || state === 'refunded' || state === 'disputed') {
    return paymentTexts.hiddenFromDirectory;
  }
  return null;
}

export interface PublicationStatusProps {
  organization: Organization;
  /** The organization's latest subscription; undefined when it has none. */
  subscription: Subscription | undefined;
  /** The subscriptions are still loading: the state is not known yet. */
  pending: boolean;
  /**
   * The caller's role may bill (ADR 047): else no way to a plan is offered (and the
   * subscription, an owner's to read, is not known).
   */
  billing: boolean;
}

/** My Organizations' line about an organization's publication, with the way to publish it. */
export function PublicationStatus({
  organization,
  subscription,
  pending,
  billing,
}: PublicationStatusProps) {
  if (pending) return <Skeleton className="h-6 w-24 rounded-pill" />;
  const state = publicationStateOf(organization, subscription);
  const detail = detailOf(state, subscription);
  const planLink = !billing
    ? null
    : state === 'lapsed'
      ? paymentTexts.resubscribe
      : state === 'notPublicYet'
        ? paymentTexts.choosePlanLink
        : null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="publication-status">
      <StatusPill tone={tones[state]}>{publicationStateNames[state]}</StatusPill>
      {detail ? <span className="text-sm text-ink-muted">{detail}</span> : null}
      {planLink ? (
        <Link
          to={planSelectionPath(organization.id)}
          state={newlyCreatedState}
          aria-label={`${planLink}: ${organization.name}`}
          className="inline-flex min-h-touch items-center text-sm font-semibold text-brand-ink underline underline-offset-4 hover:no-underline sm:min-h-0"
        >
          {planLink}
        </Link>
      ) : null}
    </div>
  );
}
