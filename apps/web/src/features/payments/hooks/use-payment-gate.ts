import { useState } from 'react';
import { paymentTexts } from '@si/contracts';
import { isLiveSubscription, useSubscription } from '../api/get-subscription';
import { usePaymentVerification } from './use-payment-verification';

/** What the editor's page shows in place of the editor, or that the editor may open. */
export type PaymentGateState =
  | { kind: 'checking' }
  | { kind: 'verifying'; attempt: number }
  | { kind: 'timeout' }
  | { kind: 'required' }
  | { kind: 'failed' }
  | { kind: 'open'; notice: string | null };

/**
 * The payment gate of the editor (docs/product.md#payment-gate). Back from a checkout
 * (?success=true&session_id=) it verifies the payment for this organization (a session paid for
 * another one does not open it; usePaymentVerification also asks the organization's
 * subscription); otherwise the organization's subscription decides: live opens the editor,
 * anything else asks for payment. Back from a guest code (?success=true&guest=true) the
 * subscription is checked too, so that the address alone never claims a code was applied. Once
 * open, the gate stays open while this organization's page is shown: a later answer never swaps
 * the form being edited for the gate (the server refuses unpaid saves anyway). Another
 * organization's editor starts closed.
 */
export function usePaymentGate(organizationId: string, searchParams: URLSearchParams) {
  const success = searchParams.get('success') === 'true';
  const sessionId = success ? searchParams.get('session_id') || null : null;
  const guest = success && !sessionId && searchParams.get('guest') === 'true';
  const { verification, retry } = usePaymentVerification(sessionId, organizationId);
  const subscription = useSubscription(organizationId, { enabled: !sessionId });

  let state: PaymentGateState;
  if (sessionId) {
    switch (verification.phase) {
      case 'open':
        state = {
          kind: 'open',
          notice: verification.confirmed ? paymentTexts.paymentConfirmed : null,
        };
        break;
      case 'timeout':
        state = { kind: 'timeout' };
        break;
      case 'required':
        state = { kind: 'required' };
        break;
      default:
        state = { kind: 'verifying', attempt: verification.attempt };
    }
  } else if (subscription.data !== undefined) {
    state = isLiveSubscription(subscription.data)
      ? { kind: 'open', notice: guest ? paymentTexts.guestCodeConfirmed : null }
      : { kind: 'required' };
  } else {
    state = subscription.isError ? { kind: 'failed' } : { kind: 'checking' };
  }

  // Kept per organization: the page stays mounted from one organization's editor to another's.
  const [opened, setOpened] = useState<{ organizationId: string; state: PaymentGateState } | null>(
    null,
  );
  const openedHere = opened?.organizationId === organizationId ? opened.state : null;
  if (state.kind === 'open' && openedHere === null) setOpened({ organizationId, state });

  return {
    state: openedHere ?? state,
    /** 'Try Verifying Again': the attempts start over from the first. */
    verifyAgain: retry,
    /** Asks for the subscription again after it failed to load. */
    checkAgain: () => void subscription.refetch(),
  };
}
