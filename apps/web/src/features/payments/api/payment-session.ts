import type { PaymentSessionStatus } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/** GET /api/payments/session/{sessionId}: whether the checkout that came back has been paid. */
export function getPaymentSession(
  sessionId: string,
  signal?: AbortSignal,
): Promise<PaymentSessionStatus> {
  return apiData<PaymentSessionStatus>(`/payments/session/${encodeURIComponent(sessionId)}`, {
    signal,
  });
}
