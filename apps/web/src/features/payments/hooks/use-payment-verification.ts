import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_POLL_ATTEMPTS,
  PAYMENT_POLL_INTERVAL_MS,
  type PaymentSessionStatus,
  type Subscription,
} from '@si/contracts';
import { getSubscription, isLiveSubscription } from '../api/get-subscription';
import { publicationChanged } from '../api/payment-queries';
import { getPaymentSession } from '../api/payment-session';

/**
 * Where a verification stands. 'open': the editor may open; `confirmed` when this checkout was
 * the one paid for this organization (else its live subscription opened it). 'required': the
 * organization has no live subscription and this checkout will not give it one.
 */
export type PaymentVerification =
  | { phase: 'verifying'; attempt: number }
  | { phase: 'open'; confirmed: boolean }
  | { phase: 'required' }
  | { phase: 'timeout' };

const firstAttempt: PaymentVerification = { phase: 'verifying', attempt: 1 };

/**
 * After the checkout's success redirect (docs/product.md#payment-gate): asks whether the session is paid
 * for this organization, up to PAYMENT_POLL_ATTEMPTS times, PAYMENT_POLL_INTERVAL_MS apart. The
 * provider's webhook may land a little after the browser does, so 'not yet' is an ordinary
 * answer; a failed request counts as an attempt too. A session paid for another organization
 * counts as not paid for this one.
 *
 * Whenever an attempt is not paid, the organization's subscription is asked too: live (a
 * payment landed another way, or an old return address of a live organization) opens the
 * editor. A session for another organization never becomes this one's, so its subscription
 * decides at once: not live asks for payment. For this organization's session the attempts go on
 * (a fresh payment may take seconds); once they are spent, an expired subscription asks for
 * payment (an old return address of an organization that has lapsed since), anything else times
 * out.
 *
 * Once open, what shows the organization is read again, so the editor starts from the published
 * organization. `retry` starts over at attempt 1. The state belongs to one organization, session
 * and round: another of any starts at attempt 1. A null sessionId does nothing.
 */
export function usePaymentVerification(sessionId: string | null, organizationId: string) {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const key = JSON.stringify([organizationId, sessionId, round]);
  const [result, setResult] = useState<{ key: string; verification: PaymentVerification }>({
    key,
    verification: firstAttempt,
  });

  useEffect(() => {
    if (!sessionId) return;
    const controller = new AbortController();
    const { signal } = controller;
    let timer: number | undefined;
    const settle = (verification: PaymentVerification) => {
      if (!signal.aborted) setResult({ key, verification });
    };
    const open = async (confirmed: boolean) => {
      await publicationChanged(queryClient, organizationId);
      settle({ phase: 'open', confirmed });
    };
    const check = async (attempt: number) => {
      let session: PaymentSessionStatus | null = null;
      try {
        session = await getPaymentSession(sessionId, signal);
      } catch {
        // Not known yet, or the network failed: the subscription may still tell.
      }
      if (signal.aborted) return;
      const forThisOrganization = session !== null && session.organizationId === organizationId;
      if (session?.paid && forThisOrganization) return open(true);

      // undefined: the subscription could not be read.
      let subscription: Subscription | null | undefined;
      try {
        subscription = await getSubscription(organizationId, signal);
      } catch {
        // The next attempt asks again.
      }
      if (signal.aborted) return;
      if (isLiveSubscription(subscription)) return open(false);
      if (session && !forThisOrganization && subscription !== undefined) {
        return settle({ phase: 'required' });
      }
      if (attempt >= PAYMENT_POLL_ATTEMPTS) {
        return settle(
          subscription?.status === 'expired' ? { phase: 'required' } : { phase: 'timeout' },
        );
      }
      timer = window.setTimeout(() => {
        settle({ phase: 'verifying', attempt: attempt + 1 });
        void check(attempt + 1);
      }, PAYMENT_POLL_INTERVAL_MS);
    };
    void check(1);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [key, sessionId, organizationId, queryClient]);

  return {
    verification: result.key === key ? result.verification : firstAttempt,
    /** Starts over at attempt 1. */
    retry: () => setRound((value) => value + 1),
  };
}
