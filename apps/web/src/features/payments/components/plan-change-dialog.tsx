import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import {
  formatMoney,
  paymentTexts,
  plans,
  type PlanChangePreview,
  type PlanChoice,
  type Subscription,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { dialogContentClasses, dialogOverlayClasses } from '../../../components/ui/dialog-frame';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useChangePlan, usePlanPreview } from '../api/change-plan';
import { formatDate } from './format-date';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** The plan a subscription would switch to: the other one. */
export const otherPlanOf = (subscription: Subscription): PlanChoice =>
  subscription.type === 'yearly' ? 'monthly' : 'annual';

/**
 * What the card is charged on each date, credit applied, as the server works it out: now, the
 * renewals the credit pays, then the first the card pays and the price after that.
 */
function PreviewText({ preview }: { preview: PlanChangePreview }) {
  const money = (cents: number) => formatMoney(cents, preview.currency);
  const { interval } = plans[preview.plan];
  return (
    <div className="flex flex-col gap-2 text-ink" data-testid="plan-change-preview">
      <p className="font-semibold">
        {preview.amountDueNowCents > 0
          ? paymentTexts.planChangeNow(money(preview.amountDueNowCents))
          : paymentTexts.planChangeNothingNow}
      </p>
      {preview.creditCents > 0 ? (
        <p>
          {paymentTexts.planChangeCreditPays(
            money(preview.creditCents),
            preview.renewalsFromCredit,
            interval,
            formatDate(preview.nextRenewalDate),
          )}
        </p>
      ) : null}
      <p>
        {paymentTexts.planChangeCardThen(
          money(preview.firstCardChargeCents),
          formatDate(preview.firstCardChargeDate),
          money(preview.nextRenewalCents),
          interval,
        )}
      </p>
    </div>
  );
}

/**
 * Switch between monthly and annual: the dialog asks the server what the switch costs (the
 * provider's own preview) and shows it before the owner confirms. The server decides whether
 * the switch is allowed and says why not; the dialog shows that and stays open.
 */
export function PlanChangeDialog({ subscription }: { subscription: Subscription }) {
  const [open, setOpen] = useState(false);
  const plan = otherPlanOf(subscription);
  const planName = plans[plan].name;
  const preview = usePlanPreview(subscription.organizationId, plan, open);
  const mutation = useChangePlan();
  const busy = mutation.isPending;
  const confirm = () => {
    if (busy || !preview.data) return;
    // Awaited here: the answer rerenders the list, which may drop mutate's own callbacks.
    mutation.mutateAsync({ organizationId: subscription.organizationId, plan }).then(
      () => {
        setOpen(false);
        showToast('success', paymentTexts.planChanged(planName));
      },
      () => {
        // Said in the dialog, which stays open.
      },
    );
  };
  const label = paymentTexts.switchToPlan(planName);
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
        className={buttonClasses('secondary', 'sm')}
        aria-label={`${label}: ${subscription.organizationName}`}
      >
        {label}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClasses} />
        <AlertDialog.Content className={dialogContentClasses}>
          <AlertDialog.Title className="text-xl font-semibold text-ink">
            {paymentTexts.planChangeTitle(planName)}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-ink-muted">
            {subscription.organizationName}
          </AlertDialog.Description>
          {preview.isPending ? (
            <p className="flex items-center gap-2 text-ink-muted" role="status">
              <Spinner />
              {paymentTexts.planChangeLoading}
            </p>
          ) : preview.isError ? (
            <Notice
              tone="danger"
              message={messageOf(preview.error, paymentTexts.planPreviewFailed)}
            />
          ) : (
            <PreviewText preview={preview.data} />
          )}
          {mutation.isError ? (
            <Notice
              tone="danger"
              message={messageOf(mutation.error, paymentTexts.subscriptionActionFailed)}
            />
          ) : null}
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={busy}>
              {paymentTexts.keepPlan}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClasses('primary')}
              onClick={confirm}
              disabled={busy || !preview.data}
              aria-busy={busy}
            >
              {busy ? <Spinner /> : null}
              {busy ? paymentTexts.planChanging : paymentTexts.confirmPlanChange}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
