import { Link, useNavigate } from 'react-router';
import { FlaskConical } from 'lucide-react';
import { formatAmount, paymentTexts, plans, type TestCheckout } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { StatusCard } from '../../../components/ui/status-card';
import { ApiError } from '../../../lib/api-client';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useFinishTestCheckout } from '../api/test-checkout';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-semibold text-ink sm:text-right">{children}</dd>
    </div>
  );
}

export interface TestCheckoutCardProps {
  checkout: TestCheckout;
  /** Reads the checkout again (after a refusal: it may have been closed meanwhile). */
  onRefresh: () => void;
}

/**
 * The built-in checkout of the embedded default (docs/product.md#payments-and-subscriptions): clearly test mode,
 * with the plan and amount, Pay and Cancel. Both drive the server's real fulfilment and answer
 * where to go next: the editor's success address or the canceled page.
 */
export function TestCheckoutCard({ checkout, onRefresh }: TestCheckoutCardProps) {
  const navigate = useNavigate();
  const finish = useFinishTestCheckout();
  const plan = plans[checkout.plan];
  const amount = formatAmount(checkout.amountCents);
  // Busy from the click until the next page shows.
  const busy = finish.isPending || finish.isSuccess;
  const paying = busy && finish.variables?.outcome === 'pay';

  const go = (outcome: 'pay' | 'cancel') => {
    if (busy) return;
    finish.mutate(
      { sessionId: checkout.sessionId, outcome },
      {
        onSuccess: ({ url }) => {
          // A page of this site (as a path or a full address) opens without reloading the app.
          const target = new URL(url, window.location.href);
          const path =
            target.origin === window.location.origin
              ? safeRedirectPath(`${target.pathname}${target.search}${target.hash}`)
              : null;
          if (path) void navigate(path, { replace: true });
          else window.location.assign(url);
        },
        onError: onRefresh,
      },
    );
  };

  if (!checkout.open) {
    return (
      <StatusCard
        as="h1"
        title={paymentTexts.testCheckoutClosed}
        action={
          <Link to="/dashboard" className={buttonClasses('primary')}>
            {paymentTexts.goToDashboard}
          </Link>
        }
      />
    );
  }

  return (
    <section
      aria-labelledby="test-checkout-heading"
      className="mx-auto flex w-full max-w-md flex-col gap-5 rounded-card border border-line bg-surface p-6 shadow-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="test-checkout-heading" className="text-headline font-semibold tracking-tight">
          {paymentTexts.testCheckoutTitle}
        </h1>
        <span className="inline-flex items-center gap-1.5 rounded-pill border border-warning-line bg-warning-soft px-2.5 py-0.5 text-sm font-semibold text-warning-ink">
          <FlaskConical aria-hidden="true" className="size-4" />
          {paymentTexts.testModeBadge}
        </span>
      </div>
      <p className="rounded-control border border-warning-line bg-warning-soft px-4 py-3 text-sm text-warning-ink">
        {paymentTexts.testModeNotice}
      </p>
      <dl className="flex flex-col gap-3 border-y border-line py-4">
        <Fact label={paymentTexts.testCheckoutOrganization}>{checkout.organizationName}</Fact>
        <Fact label={paymentTexts.testCheckoutPlan}>{plan.name}</Fact>
        <Fact label={paymentTexts.testCheckoutAmount}>{`${amount} ${plan.period}`}</Fact>
      </dl>
      {finish.isError ? (
        <Notice
          tone="danger"
          message={
            finish.error instanceof ApiError
              ? finish.error.message
              : paymentTexts.subscriptionActionFailed
          }
        />
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row-reverse">
        <Button className="flex-1" onClick={() => go('pay')} disabled={busy} aria-busy={paying}>
          {paying ? <Spinner /> : null}
          {paying ? paymentTexts.testCheckoutPaying : paymentTexts.testCheckoutPay(amount)}
        </Button>
        <Button variant="secondary" onClick={() => go('cancel')} disabled={busy}>
          {paymentTexts.testCheckoutCancel}
        </Button>
      </div>
    </section>
  );
}
