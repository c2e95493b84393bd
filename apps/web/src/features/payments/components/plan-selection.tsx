import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CircleCheck } from 'lucide-react';
import {
  paymentErrorCodes,
  paymentMessages,
  paymentTexts,
  planIds,
  plans,
  type PlanChoice,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusCard } from '../../../components/ui/status-card';
import { ApiError } from '../../../lib/api-client';
import { useApplyGuestCode } from '../api/apply-guest-code';
import { useCreateCheckoutSession } from '../api/checkout';
import { isLiveSubscription, useSubscription } from '../api/get-subscription';
import { guestCodeErrorMessage, GuestCodeForm } from './guest-code-form';
import { PlanCard } from './plan-card';

const editPath = (organizationId: string) =>
  `/organizations/${encodeURIComponent(organizationId)}/edit`;

function PlansSkeleton() {
  return (
    <div role="status" aria-label="Loading plans" className="grid gap-6 md:grid-cols-2">
      {planIds.map((id) => (
        <Skeleton key={id} className="h-96 rounded-card" />
      ))}
    </div>
  );
}

/**
 * The line under the page's heading, true to the organization's state: a new one is saved and
 * waits for a plan; one whose subscription ended is hidden until a plan publishes it again. A
 * live one gets none: the card that replaces the plans says it is active. Nothing while the
 * subscription is read, so no state is claimed before it is known.
 */
export function PlanSelectionIntro({ organizationId }: { organizationId: string }) {
  const subscription = useSubscription(organizationId);
  if (subscription.isPending || isLiveSubscription(subscription.data)) return null;
  return (
    <p className="max-w-prose text-lg text-ink-muted">
      {subscription.data?.status === 'expired'
        ? paymentTexts.selectPlanIntroEnded
        : paymentTexts.selectPlanIntro}
    </p>
  );
}

/**
 * The choice of docs/product.md#plan-selection-and-checkout: idle; processing once a plan is chosen
 * (every button disabled, the chosen one saying 'Processing...') until the browser leaves for
 * the checkout; back to idle with the error when the checkout cannot be prepared. A guest code
 * goes to the editor instead. An organization that is already live is told so, with its editor
 * (also when the server refuses the checkout for that reason: the card is the whole answer).
 */
export function PlanSelection({ organizationId }: { organizationId: string }) {
  const navigate = useNavigate();
  const subscription = useSubscription(organizationId);
  const checkout = useCreateCheckoutSession();
  const guestCode = useApplyGuestCode();
  const [processing, setProcessing] = useState<PlanChoice | null>(null);
  const [checkoutFailed, setCheckoutFailed] = useState(false);
  const [guestCodeError, setGuestCodeError] = useState<string | null>(null);
  const busy = processing !== null || guestCode.isPending || guestCode.isSuccess;

  useEffect(() => {
    // Back from the checkout with the browser's back button, the page may be restored as it
    // was left, still 'Processing...': it is idle again.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setProcessing(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const choose = (plan: PlanChoice) => {
    if (busy) return;
    setProcessing(plan);
    setCheckoutFailed(false);
    checkout.mutate(
      { organizationId, plan },
      {
        // Stays 'Processing...' while the browser leaves for the checkout.
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => {
          if (error instanceof ApiError && error.code === paymentErrorCodes.alreadySubscribed) {
            // Paid meanwhile (another tab): once read again, the page says the subscription is
            // active, which says it all; no error above it. Still 'Processing...' until then.
            void subscription.refetch().then(({ data }) => {
              setProcessing(null);
              if (!isLiveSubscription(data)) setCheckoutFailed(true);
            });
            return;
          }
          setProcessing(null);
          setCheckoutFailed(true);
        },
      },
    );
  };

  const apply = (code: string) => {
    if (busy) return;
    setGuestCodeError(null);
    setCheckoutFailed(false);
    // No subscription ever (null, not a lapsed one): the code gives its first, and the editor
    // greets it as newly created (?new=1), as the checkout's return address does.
    const first = subscription.data === null;
    guestCode.mutate(
      { organizationId, code },
      {
        onSuccess: () =>
          void navigate(
            `${editPath(organizationId)}?success=true&guest=true${first ? '&new=1' : ''}`,
            { replace: true },
          ),
        onError: (error) => setGuestCodeError(guestCodeErrorMessage(error)),
      },
    );
  };

  const alert = checkoutFailed ? (
    <Notice tone="danger" message={paymentTexts.checkoutFailed} testId="checkout-error" />
  ) : null;

  if (subscription.isPending) return <PlansSkeleton />;
  // A failed check does not stop the owner: the server refuses a second subscription itself.
  // Live after a guest code: the page is on its way to the editor, which says so.
  if (isLiveSubscription(subscription.data) && !guestCode.isSuccess) {
    return (
      <>
        {alert}
        <StatusCard
          as="h2"
          icon={<CircleCheck className="size-6" />}
          title={paymentTexts.alreadyActiveTitle}
          action={
            <Link to={editPath(organizationId)} className={buttonClasses('primary')}>
              {paymentTexts.editOrganization}
            </Link>
          }
        >
          {paymentMessages.alreadySubscribed}
        </StatusCard>
      </>
    );
  }
  return (
    <>
      {alert}
      <div className="grid gap-6 pt-3 md:grid-cols-2">
        {planIds.map((id) => (
          <PlanCard
            key={id}
            plan={plans[id]}
            processing={processing === id}
            disabled={busy}
            onChoose={() => choose(id)}
          />
        ))}
      </div>
      <GuestCodeForm
        disabled={processing !== null}
        applying={guestCode.isPending || guestCode.isSuccess}
        error={guestCodeError}
        onApply={apply}
      />
    </>
  );
}
