import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import { paymentTexts, type Subscription } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
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

const dangerButton =
  'inline-flex min-h-touch items-center justify-center gap-2 rounded-control bg-danger-ink px-4 font-semibold text-on-brand transition-colors hover:bg-danger-ink/90 disabled:cursor-not-allowed disabled:opacity-60 sm:min-h-10';
const dangerOutline =
  'inline-flex min-h-touch items-center justify-center gap-2 rounded-control border border-danger-line bg-surface px-3 text-sm font-semibold text-danger-ink transition-colors hover:border-danger-ink hover:bg-danger-soft sm:min-h-9';

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
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) mutation.reset();
        setOpen(next);
      }}
    >
      <AlertDialog.Trigger
        className={dangerOutline}
        aria-label={`${paymentTexts.cancelSubscription}: ${subscription.organizationName}`}
      >
        {paymentTexts.cancelSubscription}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 motion-safe:data-[state=open]:animate-fade-in" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card bg-surface p-6 shadow-raised outline-none motion-safe:data-[state=open]:animate-fade-in">
          <AlertDialog.Title className="text-xl font-semibold text-ink">
            {paymentTexts.cancelSubscriptionTitle}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-ink-muted">
            {paymentTexts.cancelSubscriptionBody(formatDate(subscription.endDate))}
          </AlertDialog.Description>
          {mutation.isError ? <Notice tone="danger" message={messageOf(mutation.error)} /> : null}
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={busy}>
              {paymentTexts.keepSubscription}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={dangerButton}
              onClick={confirm}
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? <Spinner /> : null}
              {busy ? paymentTexts.canceling : paymentTexts.cancelSubscription}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
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
 * What the owner can do with a subscription, by who runs it (DECISIONS.md 'Payments'): the
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
