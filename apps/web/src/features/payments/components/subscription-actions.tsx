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
 * What the owner can do with a subscription, by who runs it (docs/product.md#payments-and-subscriptions): the
 * card provider's in its billing portal; the test checkout's here (cancel while it renews,
 * resume while it is ending); a guest code's grant simply runs out.
 */
export function SubscriptionActions({ subscription }: { subscription: Subscription }) {
  if (subscription.provider === 'stripe') return <ManageBilling subscription={subscription} />;
  if (subscription.provider !== 'test') return null;
  if (subscription.status === 'paid') return <CancelSubscription subscription={subscription} />;
  if (subscription.status === 'canceled') return <ResumeSubscription subscription={subscription} />;
  return null;
}
