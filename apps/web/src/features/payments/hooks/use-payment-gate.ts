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

/** What the caller's role allows (undefined: not known yet), and whether the organization is paid. */
export interface PaymentGateMember {
  billing: boolean | undefined;
  paid: boolean | undefined;
}

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
 *
 * A member whose role may not bill (ADR 047) may not read the subscription either: for them the
 * organization's own payment state decides, as the server's check on saving does (`member`).
 */
export function usePaymentGate(
  organizationId: string,
  searchParams: URLSearchParams,
  member: PaymentGateMember = { billing: true, paid: undefined },
) {
  const success = searchParams.get('success') === 'true';
  const sessionId = success ? searchParams.get('session_id') || null : null;
  const guest = success && !sessionId && searchParams.get('guest') === 'true';
  const { verification, retry } = usePaymentVerification(sessionId, organizationId);
  // Asked while the role is still loading: an owner's editor opens no later than before.
  const subscription = useSubscription(organizationId, {
    enabled: !sessionId && member.billing !== false,
  });

  let state: PaymentGateState;
  if (member.billing === false && !sessionId) {
    state =
      member.paid === undefined
        ? { kind: 'checking' }
        : member.paid
          ? { kind: 'open', notice: null }
          : { kind: 'required' };
  } else if (sessionId) {
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
