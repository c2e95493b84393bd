import { Link, Navigate } from 'react-router';
import { CircleX } from 'lucide-react';
import { CANCELED_COUNTDOWN_SECONDS, paymentTexts } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { StatusCard } from '../../../components/ui/status-card';
import { useCountdown } from '../hooks/use-countdown';
import { newlyCreatedState, planSelectionPath } from './newly-created';

/**
 * docs/product.md#plan-selection-and-checkout: counts down from 10, then goes back to plan selection for the
 * organization (with the newly-created flag) or, without one, to the dashboard.
 */
export function PaymentCanceled({ organizationId }: { organizationId: string | null }) {
  const secondsLeft = useCountdown(CANCELED_COUNTDOWN_SECONDS);
  if (secondsLeft <= 0) {
    return organizationId ? (
      <Navigate to={planSelectionPath(organizationId)} replace state={newlyCreatedState} />
    ) : (
      <Navigate to="/dashboard" replace />
    );
  }
  return (
    <StatusCard
      as="h1"
      icon={<CircleX className="size-6" />}
      title={paymentTexts.canceledTitle}
      action={
        <>
          {organizationId ? (
            <Link
              to={planSelectionPath(organizationId)}
              state={newlyCreatedState}
              replace
              className={buttonClasses('primary')}
            >
              {paymentTexts.tryAgain}
            </Link>
          ) : null}
          <Link to="/dashboard" className={buttonClasses(organizationId ? 'secondary' : 'primary')}>
            {paymentTexts.goToDashboard}
          </Link>
        </>
      }
    >
      <p>{paymentTexts.canceledBody}</p>
      <p className="mt-2 text-sm tabular-nums" data-testid="canceled-countdown">
        {paymentTexts.redirectingIn(secondsLeft)}
      </p>
    </StatusCard>
  );
}
