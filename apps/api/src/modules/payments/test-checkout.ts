import { paymentErrorCodes, paymentMessages, plans, type TestCheckout } from '@si/contracts';
import { notFound } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { PaymentContext } from './payment-context.ts';
import { conflict } from './payment-errors.ts';

/** The built-in test checkout's page, Pay and Cancel (embedded default only). */
export function createTestCheckout(context: PaymentContext) {
  const { db, repository, providers, provider, refresh, ownSession, successUrl, cancelUrl } =
    context;

  function requireTestMode() {
    if (provider.name !== 'test') throw notFound(paymentMessages.testCheckoutOnly);
  }

  return {
    async testCheckout(session: AuthSession | null, sessionId: string): Promise<TestCheckout> {
      requireTestMode();
      const row = await ownSession(session, sessionId);
      const organization = await repository.organizationName(db, row.organizationId);
      return {
        sessionId: row.id,
        organizationId: row.organizationId,
        organizationName: organization?.name ?? '',
        plan: row.plan,
        amountCents: plans[row.plan].amountCents,
        currency: plans[row.plan].currency,
        open: row.status === 'open',
      };
    },

    /** Pay: the test provider records a paid subscription, then the webhook's fulfilment runs. */
    async testPay(session: AuthSession | null, sessionId: string) {
      requireTestMode();
      const row = await ownSession(session, sessionId);
      // Asked before paying: the payment gives the organization its subscription.
      const first = !(await repository.everSubscribed(db, row.organizationId));
      const subscriptionId = await providers.test.pay(sessionId);
      if (!subscriptionId)
        throw conflict(paymentErrorCodes.conflict, paymentMessages.checkoutClosed);
      // The payment's receipt, once however often Pay is pressed (its invoice id is the period's).
      await refresh('test', subscriptionId, {
        paidInvoice: (within) => providers.test.currentInvoice(subscriptionId, within),
      });
      return { url: successUrl(row.organizationId, row.id, first) };
    },

    async testCancel(session: AuthSession | null, sessionId: string) {
      requireTestMode();
      const row = await ownSession(session, sessionId);
      if (row.status === 'open') await repository.updateSession(db, row.id, { status: 'canceled' });
      return { url: cancelUrl(row.organizationId) };
    },
  };
}
