import { useState } from 'react';
import { paymentTexts, type Subscription } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import {
  useBillingPortal,
  useCancelSubscription,
  useResumeSubscription,
} from '../api/manage-subscription';
import { formatDate } from './format-date';
import { PlanChangeDialog } from './plan-change-dialog';

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.message
    ? error.message
    : paymentTexts.subscriptionActionFailed;

/** Cancel, with the confirm dialog: the profile stays published until the paid period ends. */
function CancelSubscription({ subscription }: { subscription: Subscription }) {
  const [open, setOpen] = useState(false);
  const mutation = useCancelSubscription();
  const busy = mutation.isPending;
  const confirm = () => {
    if (busy) return;
    // Awaited here rather than in mutate's callbacks: the answer swaps this button for Resume,
    // and mutate's callbacks are dropped once the component that called it is gone.
    mutation.mutateAsync(subscription.organizationId).then(
      () => {
        setOpen(false);
        showToast('success', paymentTexts.subscriptionCanceled);
      },
      () => {
        // Said in the dialog, which stays open.
      },
    );
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) mutation.reset();
        setOpen(next);
      }}
      trigger={paymentTexts.cancelSubscription}
      triggerLabel={`${paymentTexts.cancelSubscription}: ${subscription.organizationName}`}
      title={paymentTexts.cancelSubscriptionTitle}
      description={paymentTexts.cancelSubscriptionBody(formatDate(subscription.endDate))}
      cancelLabel={paymentTexts.keepSubscription}
      confirmLabel={paymentTexts.cancelSubscription}
      busyLabel={paymentTexts.canceling}
      busy={busy}
      onConfirm={confirm}
    >
      {mutation.isError ? <Notice tone="danger" message={messageOf(mutation.error)} /> : null}
    </ConfirmDialog>
  );
}

function ResumeSubscription({ subscription }: { subscription: Subscription }) {
  const mutation = useResumeSubscription();
  const busy = mutation.isPending;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      aria-busy={busy}
      aria-label={
        busy ? undefined : `${paymentTexts.resumeSubscription}: ${subscription.organizationName}`
      }
      onClick={() =>
        // Awaited like Cancel's: the answer swaps this button for Cancel.
        mutation.mutateAsync(subscription.organizationId).then(
          () => showToast('success', paymentTexts.subscriptionResumed),
          (error: unknown) => showToast('error', messageOf(error)),
        )
      }
    >
      {busy ? <Spinner /> : null}
      {busy ? paymentTexts.resuming : paymentTexts.resumeSubscription}
    </Button>
  );
}

/** The provider's billing portal: cancel, card and invoices are managed there. */
function ManageBilling({ subscription }: { subscription: Subscription }) {
  const mutation = useBillingPortal();
  // Busy until the browser has left for the portal.
  const busy = mutation.isPending || mutation.isSuccess;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy}
      aria-busy={busy}
      aria-label={`${paymentTexts.manageBilling}: ${subscription.organizationName}`}
      onClick={() =>
        mutation.mutate(subscription.organizationId, {
          onSuccess: ({ url }) => window.location.assign(url),
          onError: (error) => showToast('error', messageOf(error)),
        })
      }
    >
      {busy ? <Spinner /> : null}
      {paymentTexts.manageBilling}
    </Button>
  );
}

/**
 * Offered on a renewing card or test subscription that is published (the server decides, and
 * refuses anything else with its reason): a canceled one is resumed first.
 */
const canSwitchPlan = (subscription: Subscription) =>
  subscription.provider !== 'guest' &&
  subscription.status === 'paid' &&
  subscription.paymentHold === null &&
  subscription.published;

/**
 * What the owner can do with a subscription, by who runs it (docs/product.md#payments-and-subscriptions): the
 * card provider's in its billing portal; the test checkout's here (cancel while it renews,
 * resume while it is ending); a guest code's grant simply runs out. A renewing one of either
 * provider switches between monthly and annual here.
 */
export function SubscriptionActions({ subscription }: { subscription: Subscription }) {
  const actions = [
    ...(canSwitchPlan(subscription)
      ? [<PlanChangeDialog key="switch" subscription={subscription} />]
      : []),
    ...(subscription.provider === 'stripe'
      ? [<ManageBilling key="billing" subscription={subscription} />]
      : subscription.provider === 'test' && subscription.status === 'paid'
        ? [<CancelSubscription key="cancel" subscription={subscription} />]
        : subscription.provider === 'test' && subscription.status === 'canceled'
          ? [<ResumeSubscription key="resume" subscription={subscription} />]
          : []),
  ];
  if (actions.length === 0) return null;
  return <div className="flex flex-wrap gap-2">{actions}</div>;
}
