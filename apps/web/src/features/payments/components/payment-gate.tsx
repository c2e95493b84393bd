import { Link } from 'react-router';
import { Clock, CreditCard, RefreshCw } from 'lucide-react';
import { errorBoundaryTexts, PAYMENT_POLL_ATTEMPTS, paymentTexts } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { StatusCard } from '../../../components/ui/status-card';
import type { PaymentGateState } from '../hooks/use-payment-gate';
import { newlyCreatedState, planSelectionPath } from './newly-created';

export interface PaymentGateProps {
  state: Exclude<PaymentGateState, { kind: 'open' } | { kind: 'checking' }>;
  organizationId: string;
  /** Shown on 'Payment Required', so an owner of several knows which one it is about. */
  organizationName: string | null;
  onVerifyAgain: () => void;
  onCheckAgain: () => void;
}

/**
 * What replaces the editor while payment is required (docs/product.md#creating-and-editing-an-organization): the payment
 * being verified, verification timed out, or payment required.
 */
export function PaymentGate({
  state,
  organizationId,
  organizationName,
  onVerifyAgain,
  onCheckAgain,
}: PaymentGateProps) {
  switch (state.kind) {
    case 'verifying':
      return (
        <StatusCard
          as="h1"
          role="status"
          icon={<Spinner className="size-6" />}
          title={paymentTexts.verifying}
          className="my-10"
        >
          <p className="tabular-nums">
            {paymentTexts.attempt(state.attempt, PAYMENT_POLL_ATTEMPTS)}
          </p>
        </StatusCard>
      );
    case 'timeout':
      return (
        <StatusCard
          as="h1"
          icon={<Clock className="size-6" />}
          title={paymentTexts.timeoutTitle}
          className="my-10"
          action={
            <>
              <Button onClick={onVerifyAgain}>{paymentTexts.tryVerifyingAgain}</Button>
              <Button variant="secondary" onClick={() => window.location.reload()}>
                <RefreshCw aria-hidden="true" className="size-4" />
                {paymentTexts.refreshPage}
              </Button>
            </>
          }
        >
          <p>{paymentTexts.timeoutMessage}</p>
          <p className="mt-2">{paymentTexts.timeoutReassurance}</p>
        </StatusCard>
      );
    case 'required':
      return (
        <StatusCard
          as="h1"
          icon={<CreditCard className="size-6" />}
          title={paymentTexts.paymentRequiredTitle}
          className="my-10"
          action={
            <Link
              to={planSelectionPath(organizationId)}
              state={newlyCreatedState}
              className={buttonClasses('primary')}
            >
              {paymentTexts.subscribeNow}
            </Link>
          }
        >
          {organizationName ? (
            <p className="mb-2 font-semibold text-ink">{organizationName}</p>
          ) : null}
          <p>{paymentTexts.paymentRequiredBody}</p>
        </StatusCard>
      );
    case 'failed':
      return (
        <Notice tone="danger" message={paymentTexts.subscriptionCheckFailed} testId="gate-error">
          <Button variant="secondary" size="sm" className="w-fit" onClick={onCheckAgain}>
            {errorBoundaryTexts.retry}
          </Button>
        </Notice>
      );
  }
}
