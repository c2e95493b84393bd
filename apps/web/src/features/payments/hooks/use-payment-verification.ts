import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_POLL_ATTEMPTS,
  PAYMENT_POLL_INTERVAL_MS,
  type PaymentSessionStatus,
} from '@si/contracts';
import { publicationChanged } from '../api/payment-queries';
import { getPaymentSession } from '../api/payment-session';

export type PaymentVerification =
  { phase: 'verifying'; attempt: number } | { phase: 'paid' } | { phase: 'timeout' };

/**
 * After the checkout's success redirect (SPEC.md section 4): asks whether the session is paid,
 * up to PAYMENT_POLL_ATTEMPTS times, PAYMENT_POLL_INTERVAL_MS apart. The provider's webhook may
 * land a little after the browser does, so 'not yet' is an ordinary answer; a failed request
 * counts as an attempt too. Once paid, what shows the organization is read again before the
 * editor opens, so the editor starts from the published organization. `retry` starts over at
 * attempt 1. A null sessionId does nothing.
 */
export function usePaymentVerification(sessionId: string | null) {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const [state, setState] = useState<PaymentVerification>({ phase: 'verifying', attempt: 1 });

  useEffect(() => {
    if (!sessionId) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const check = async (attempt: number) => {
      let paid: PaymentSessionStatus | null = null;
      try {
        const session = await getPaymentSession(sessionId, controller.signal);
        if (session.paid) paid = session;
      } catch {
        // Not known yet, or the network failed: the next attempt asks again.
      }
      if (controller.signal.aborted) return;
      if (paid) {
        await publicationChanged(queryClient, paid.organizationId);
        if (!controller.signal.aborted) setState({ phase: 'paid' });
      } else if (attempt >= PAYMENT_POLL_ATTEMPTS) {
        setState({ phase: 'timeout' });
      } else {
        timer = window.setTimeout(() => {
          setState({ phase: 'verifying', attempt: attempt + 1 });
          void check(attempt + 1);
        }, PAYMENT_POLL_INTERVAL_MS);
      }
    };
    void check(1);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [sessionId, round, queryClient]);

  const retry = () => {
    setState({ phase: 'verifying', attempt: 1 });
    setRound((value) => value + 1);
  };
  return { verification: state, retry };
}
