import { randomUUID } from 'node:crypto';
import {
  paymentErrorCodes,
  paymentMessages,
  type CheckoutSession,
  type CreateCheckoutSessionRequest,
  type PaymentSessionStatus,
} from '@si/contracts';
import type { AuthSession } from '../../identity/session.ts';
import type { PaymentContext } from './payment-context.ts';
import { atProvider, conflict } from './payment-errors.ts';
import { ProviderRefusedError, ProviderUnavailableError } from './providers/provider.ts';
import type { PaymentSessionRow } from './repository.ts';

/** Checkout: starting one at the provider, and the success return's check that it was paid. */
export function createCheckouts(context: PaymentContext) {
  const { options, db, repository, organizations, provider, providerFor } = context;
  const { refresh, ownSession, successUrl, cancelUrl, count } = context;

  /** The user's customer at the provider; `fresh` replaces one the provider no longer knows. */
  async function customerFor(user: AuthSession['user'], fresh = false) {
    const stored = await repository.findCustomer(user.id);
    if (stored?.provider === provider.name && !fresh) return stored.customerId;
    if (stored && fresh) await repository.forgetCustomer(user.id, stored.customerId);
    const created = await provider.createCustomer({
      id: user.id,
      email: user.email,
      name: user.name || null,
    });
    return repository.saveCustomer(user.id, provider.name, created);
  }

  /** A checkout its provider says was paid: its subscription applied, the checkout complete. */
  async function fulfilCheckout(row: PaymentSessionRow, subscriptionId: string) {
    await refresh(row.provider, subscriptionId);
    if (row.status !== 'complete') {
      await repository.updateSession(db, row.id, { status: 'complete', subscriptionId });
    }
  }

  /**
   * One open checkout per organization (ADR 013): those started before `sessionId` are closed at
   * their provider, so an older link can no longer be paid. One paid meanwhile is fulfilled now;
   * true then, and the caller refuses the new one. A provider that cannot be reached leaves the
   * older one open: a second payment is still refunded by the fulfilment.
   */
  async function closeOlderCheckouts(organizationId: string, sessionId: string) {
    let paidMeanwhile = false;
    for (const older of await repository.olderOpenSessions(organizationId, sessionId)) {
      const source = providerFor(older.provider);
      if (!source) continue;
      let closed: Awaited<ReturnType<typeof source.expireCheckout>>;
      try {
        closed = await source.expireCheckout(older.id);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError)) throw error;
        options.logger?.warn(
          { organizationId, checkout: older.id, err: error },
          'an older checkout could not be closed at the provider; a second payment would be refunded',
        );
        continue;
      }
      if (closed.outcome === 'closed') {
        await repository.updateSession(db, older.id, { status: 'canceled' });
        continue;
      }
      paidMeanwhile = true;
      if (closed.subscriptionId) await fulfilCheckout(older, closed.subscriptionId);
    }
    return paidMeanwhile && (await repository.hasLiveSubscription(db, organizationId));
  }

  return {
    async createCheckoutSession(
      session: AuthSession | null,
      request: CreateCheckoutSessionRequest,
    ): Promise<CheckoutSession> {
      const organization = await organizations.requireMemberOrganization(
        session,
        request.organizationId,
        'billing',
      );
      const user = session!.user;
      if (await repository.hasLiveSubscription(db, organization.id)) {
        throw conflict(paymentErrorCodes.alreadySubscribed, paymentMessages.alreadySubscribed);
      }
      await count('checkouts', user.id, paymentMessages.tooManyCheckouts);
      const first = !(await repository.everSubscribed(db, organization.id));
      const checkout = async (freshCustomer: boolean) =>
        provider.createCheckout({
          idempotencyKey: `checkout-${randomUUID()}`,
          customerId: await customerFor(user, freshCustomer),
          userId: user.id,
          organizationId: organization.id,
          organizationName: organization.name,
          plan: request.plan,
          // Stripe puts the session's id in place of the template when it redirects.
          successUrl: successUrl(organization.id, '{CHECKOUT_SESSION_ID}', first),
          cancelUrl: cancelUrl(organization.id),
        });
      const created = await atProvider(async () => {
        try {
          return await checkout(false);
        } catch (error) {
          if (!(error instanceof ProviderRefusedError && error.subject === 'customer')) throw error;
          return checkout(true);
        }
      });
      await repository.insertSession({
        id: created.sessionId,
        provider: provider.name,
        organizationId: organization.id,
        userId: user.id,
        plan: request.plan,
      });
      if (await atProvider(() => closeOlderCheckouts(organization.id, created.sessionId))) {
        // An older checkout was paid a moment ago: this one must not be paid too.
        await atProvider(() => provider.expireCheckout(created.sessionId));
        await repository.updateSession(db, created.sessionId, { status: 'canceled' });
        throw conflict(paymentErrorCodes.alreadySubscribed, paymentMessages.alreadySubscribed);
      }
      return created;
    },

    /**
     * The success return's check: asks the provider whether the checkout was paid and, if it
     * was, fulfils it now rather than waiting for the webhook (which then changes nothing).
     */
    async sessionStatus(
      session: AuthSession | null,
      sessionId: string,
    ): Promise<PaymentSessionStatus> {
      const row = await ownSession(session, sessionId);
      // Already fulfilled: the gate's polls need not ask the provider again.
      if (
        row.status === 'complete' &&
        (await repository.hasLiveSubscription(db, row.organizationId))
      ) {
        return { sessionId, organizationId: row.organizationId, paid: true };
      }
      const source = providerFor(row.provider);
      let paid = false;
      if (source) {
        const checkout = await atProvider(() => source.readCheckout(sessionId));
        if (checkout.paid && checkout.subscriptionId) {
          await atProvider(() => fulfilCheckout(row, checkout.subscriptionId!));
          paid = await repository.hasLiveSubscription(db, row.organizationId);
        }
      }
      return { sessionId, organizationId: row.organizationId, paid };
    },
  };
}
