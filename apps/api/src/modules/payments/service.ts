import { randomUUID } from 'node:crypto';
import {
  errorCodes,
  paymentErrorCodes,
  paymentMessages,
  plans,
  type ApplyGuestCodeRequest,
  type CheckoutSession,
  type CreateCheckoutSessionRequest,
  type Invoice,
  type PaymentSessionStatus,
  type PlanChangePreview,
  type PlanChoice,
  type Subscription,
  type TestCheckout,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { WindowCounters } from '../../adapters/rate-limit/window-counters.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { Fulfilment } from './fulfilment.ts';
import type { PaymentProviders } from './providers/index.ts';
import type { ChargeReference } from './providers/stripe-provider.ts';
import { ProviderRefusedError, ProviderUnavailableError } from './providers/provider.ts';
import { cardChargesAfterSwitch } from './plan-change-schedule.ts';
import type { ReceiptRepository, ReceiptView } from './receipt-repository.ts';
import type { PaymentRepository, PaymentSessionRow, SubscriptionView } from './repository.ts';
import { addMonths } from './subscription-state.ts';

export interface PaymentServiceOptions {
  db: Database;
  repository: PaymentRepository;
  receipts: ReceiptRepository;
  providers: PaymentProviders;
  fulfilment: Fulfilment;
  organizations: Pick<
    OrganizationService,
    'requireOwnedOrganization' | 'requireEditor' | 'ownerNotFound'
  >;
  counters: WindowCounters;
  publicUrl: string;
  /** Per user and window: guest codes tried, and checkouts started (each one calls the provider). */
  limits: { enabled: boolean; windowMs: number; guestCodes: number; checkouts: number };
  logger?: {
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}

const toSubscription = (row: SubscriptionView): Subscription => ({
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  type: row.type,
  status: row.status,
  provider: row.provider,
  startDate: row.periodStart.toISOString(),
  endDate: row.periodEnd.toISOString(),
  graceEndDate: row.status === 'past_due' && row.graceUntil ? row.graceUntil.toISOString() : null,
  paymentHold: row.paymentHold,
  published: row.published,
});

const toInvoice = (row: ReceiptView): Invoice => ({
  id: row.id,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  plan: row.plan,
  provider: row.provider,
  amountCents: row.amountCents,
  currency: row.currency,
  paidAt: row.paidAt.toISOString(),
  periodStart: row.periodStart.toISOString(),
  periodEnd: row.periodEnd.toISOString(),
  number: row.number,
  url: row.url,
});

const conflict = (code: string, message: string) => new AppError(409, code, message);
const providerUnavailable = () =>
  new AppError(502, paymentErrorCodes.providerUnavailable, paymentMessages.providerUnavailable);

/** Turns a provider failure into the API's 502: nothing was changed on our side. */
async function atProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw providerUnavailable();
    throw error;
  }
}

export function createPaymentService(options: PaymentServiceOptions) {
  const { db, repository, providers, fulfilment, organizations, publicUrl } = options;
  const provider = providers.current;
  const providerFor = providers.byName;

  /**
   * Where a paid checkout comes back to: the editor, which verifies the session. `first`: this
   * checkout gives the organization its first subscription, so the editor greets it as newly
   * created (docs/product.md#creating-and-editing-an-organization; ?new=1 is the web app's newly-created flag); an owner
   * paying again for one that lapsed is not greeted so.
   */
  const successUrl = (organizationId: string, sessionId: string, first: boolean) =>
    `${publicUrl}/organizations/${organizationId}/edit?success=true${first ? '&new=1' : ''}&session_id=${sessionId}`;
  const cancelUrl = (organizationId: string) =>
    `${publicUrl}/payments/canceled?org=${organizationId}`;

  /** Reads a subscription back from its provider and applies it. */
  async function refresh(
    name: 'stripe' | 'test',
    subscriptionId: string,
    options?: Parameters<Fulfilment['apply']>[2],
  ) {
    const source = providerFor(name);
    if (!source) return 'ignored' as const;
    return fulfilment.apply(source, subscriptionId, options);
  }

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

  async function currentOf(organizationId: string) {
    const current = await repository.currentForOrganization(organizationId);
    return current ? toSubscription(current) : null;
  }

  /** The caller's own checkout session (another user's is answered as not found). */
  async function ownSession(session: AuthSession | null, sessionId: string) {
    const user = organizations.requireEditor(session);
    const row = await repository.findSession(db, sessionId);
    if (!row || row.userId !== user.id) throw notFound(paymentMessages.sessionNotFound);
    return row;
  }

  function requireTestMode() {
    if (provider.name !== 'test') throw notFound(paymentMessages.testCheckoutOnly);
  }

  async function setRenewal(
    session: AuthSession | null,
    organizationId: string,
    renew: boolean,
  ): Promise<Subscription> {
    await organizations.requireOwnedOrganization(session, organizationId);
    const current = await repository.currentForOrganization(organizationId);
    const source = current && providerFor(current.provider);
    const allowed = renew
      ? current?.status === 'canceled' && current.periodEnd > new Date()
      : current?.status === 'paid' && current.provider !== 'guest';
    const refused = renew ? paymentMessages.notResumable : paymentMessages.notCancelable;
    if (!current || !source || !allowed) throw conflict(paymentErrorCodes.conflict, refused);
    const id = current.providerSubscriptionId;
    await atProvider(async () => {
      try {
        await source.setCancelAtPeriodEnd(id, !renew);
      } catch (error) {
        // The provider's state does not allow it (canceled in its portal): show that state.
        if (!(error instanceof ProviderRefusedError)) throw error;
        await refresh(source.name, id);
        throw conflict(paymentErrorCodes.conflict, refused);
      }
      await refresh(source.name, id);
    });
    return (await currentOf(organizationId))!;
  }

  /**
   * The subscription whose plan the owner may switch to `plan`: paid and renewing at a card
   * provider, not held back, on the other plan. Anything else is refused with a 409 that says
   * why, logged, and nothing is asked of the provider.
   */
  async function switchable(session: AuthSession | null, organizationId: string, plan: PlanChoice) {
    await organizations.requireOwnedOrganization(session, organizationId);
    const current = await repository.currentForOrganization(organizationId);
    const source = current && current.provider !== 'guest' ? providerFor(current.provider) : null;
    const refuse = (reason: string, message: string) => {
      options.logger?.info(
        { organizationId, plan, status: current?.status, type: current?.type, reason },
        'plan change refused; nothing changed',
      );
      return conflict(paymentErrorCodes.conflict, message);
    };
    if (!current || !source || current.status !== 'paid') {
      throw refuse('no live, renewing subscription', paymentMessages.planNotChangeable);
    }
    if (current.paymentHold || !current.published) {
      throw refuse('held back from the directory', paymentMessages.planNotChangeable);
    }
    if (current.type === plans[plan].subscriptionType) {
      throw refuse('already on that plan', paymentMessages.alreadyOnPlan);
    }
    return { current, source };
  }

  /**
   * A plan change the provider refused: a declined card (nothing changed), or a state that does
   * not allow it there (canceled in Stripe's portal, say), which is read back and shown.
   */
  async function refusedSwitch<T>(
    source: NonNullable<ReturnType<typeof providerFor>>,
    subscriptionId: string,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ProviderRefusedError)) throw error;
      options.logger?.info(
        { subscription: subscriptionId, subject: error.subject, reason: error.reason },
        'plan change refused by the provider; nothing changed',
      );
      if (error.subject === 'payment') {
        throw conflict(paymentErrorCodes.conflict, paymentMessages.planChangeDeclined);
      }
      await refresh(source.name, subscriptionId);
      throw conflict(paymentErrorCodes.conflict, paymentMessages.planNotChangeable);
    }
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

  async function count(what: 'guestCodes' | 'checkouts', userId: string, message: string) {
    const { enabled, windowMs } = options.limits;
    if (!enabled) return;
    const { hits } = await options.counters.hit(`${what}:${userId}`, windowMs);
    if (hits > options.limits[what]) throw new AppError(429, errorCodes.rateLimited, message);
  }

  return {
    async createCheckoutSession(
      session: AuthSession | null,
      request: CreateCheckoutSessionRequest,
    ): Promise<CheckoutSession> {
      const organization = await organizations.requireOwnedOrganization(
        session,
        request.organizationId,
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

    async subscriptionFor(session: AuthSession | null, organizationId: string) {
      const organization = await organizations.requireOwnedOrganization(session, organizationId);
      return currentOf(organization.id);
    },

    async mySubscriptions(session: AuthSession | null): Promise<Subscription[]> {
      const user = organizations.requireEditor(session);
      return (await repository.currentForOwner(user.id)).map(toSubscription);
    },

    /**
     * The caller's past invoices: of every organization they own, or of the one named (which
     * must be theirs: another's answers as the other owner-only routes do).
     */
    async invoices(session: AuthSession | null, organizationId?: string): Promise<Invoice[]> {
      const user = organizations.requireEditor(session);
      if (organizationId) await organizations.requireOwnedOrganization(session, organizationId);
      return (await options.receipts.listForOwner(user.id, organizationId)).map(toInvoice);
    },

    /** Stops renewal: the profile stays published until the paid period ends. */
    cancel: (session: AuthSession | null, organizationId: string) =>
      setRenewal(session, organizationId, false),

    /** Renews again a canceled subscription whose period has not ended. */
    resume: (session: AuthSession | null, organizationId: string) =>
      setRenewal(session, organizationId, true),

    /** What switching to `plan` would charge now and at the next renewal; changes nothing. */
    async previewPlanChange(
      session: AuthSession | null,
      organizationId: string,
      plan: PlanChoice,
    ): Promise<PlanChangePreview> {
      const { current, source } = await switchable(session, organizationId, plan);
      const id = current.providerSubscriptionId;
      const quote = await atProvider(() =>
        refusedSwitch(source, id, () => source.previewPlanChange(id, plan)),
      );
      const card = cardChargesAfterSwitch(quote, plan);
      return {
        organizationId,
        plan,
        amountDueNowCents: quote.amountDueNowCents,
        creditCents: quote.creditCents,
        nextRenewalCents: quote.nextRenewalCents,
        nextRenewalDate: quote.nextRenewalDate.toISOString(),
        ...card,
        firstCardChargeDate: card.firstCardChargeDate.toISOString(),
        currency: quote.currency,
      };
    },

    /**
     * Switches to `plan` at the provider, with proration, then reads the subscription back
     * through fulfilment (under the organization's lock), so the recorded plan and period are
     * the provider's; the payment the switch took is receipted there, once.
     */
    async changePlan(
      session: AuthSession | null,
      organizationId: string,
      plan: PlanChoice,
    ): Promise<Subscription> {
      const { current, source } = await switchable(session, organizationId, plan);
      const id = current.providerSubscriptionId;
      await atProvider(async () => {
        const { paidInvoice } = await refusedSwitch(source, id, () => source.changePlan(id, plan));
        await refresh(source.name, id, paidInvoice ? { paidInvoice } : undefined);
      });
      options.logger?.info(
        { organizationId, subscription: id, from: current.type, plan },
        'plan changed at the provider',
      );
      return (await currentOf(organizationId))!;
    },

    async billingPortal(session: AuthSession | null, organizationId: string) {
      await organizations.requireOwnedOrganization(session, organizationId);
      const customer = await repository.findCustomer(session!.user.id);
      const url =
        customer && customer.provider === provider.name
          ? await atProvider(() =>
              provider.billingPortalUrl(
                customer.customerId,
                `${publicUrl}/dashboard/organizations`,
              ),
            )
          : null;
      if (!url) throw conflict(paymentErrorCodes.conflict, paymentMessages.noBillingPortal);
      return { url };
    },

    /**
     * Publishes the organization for the code's grant. The code's use is taken by one
     * conditional update in the same transaction as the grant, under the organization's lock.
     */
    async applyGuestCode(session: AuthSession | null, request: ApplyGuestCodeRequest) {
      const organization = await organizations.requireOwnedOrganization(
        session,
        request.organizationId,
      );
      const userId = session!.user.id;
      await count('guestCodes', userId, paymentMessages.tooManyGuestCodes);
      const now = new Date();
      let queued = false;
      await repository.transaction(async (tx) => {
        const locked = await repository.lockOrganization(tx, organization.id);
        if (!locked) throw organizations.ownerNotFound(organization.id);
        if (await repository.hasLiveSubscription(tx, organization.id)) {
          throw conflict(paymentErrorCodes.alreadySubscribed, paymentMessages.alreadySubscribed);
        }
        const code = await repository.claimGuestCode(tx, request.code, now);
        if (!code) {
          const known = await repository.findGuestCode(tx, request.code);
          const message = !known
            ? paymentMessages.guestCodeInvalid
            : known.disabledAt
              ? paymentMessages.guestCodeDisabled
              : known.expiresAt <= now
                ? paymentMessages.guestCodeExpired
                : paymentMessages.guestCodeUsedUp;
          throw new AppError(400, paymentErrorCodes.invalidGuestCode, message, { code: message });
        }
        const first = await repository.recordRedemption(tx, {
          guestCodeId: code.id,
          organizationId: organization.id,
          userId,
        });
        if (!first) {
          throw new AppError(
            400,
            paymentErrorCodes.invalidGuestCode,
            paymentMessages.guestCodeAlreadyUsed,
            { code: paymentMessages.guestCodeAlreadyUsed },
          );
        }
        const granted = await repository.insertSubscription(tx, {
          organizationId: organization.id,
          userId,
          provider: 'guest',
          providerSubscriptionId: `guest_${randomUUID()}`,
          type: 'guest',
          status: 'paid',
          periodStart: now,
          periodEnd: addMonths(now, code.grantMonths),
          guestCodeId: code.id,
        });
        await repository.refreshOrganization(tx, organization.id);
        queued = await fulfilment.announce(tx, locked, null, granted);
      });
      if (queued) fulfilment.emailQueued();
      await options.counters.clear(`guestCodes:${userId}`);
      return (await currentOf(organization.id))!;
    },

    refresh,

    /** Cancels at the provider, now, everything deleting would leave running there. */
    async cancelBeforeDeletion(where: { organizationId: string } | { ownerId: string }) {
      const running = await repository.runningAtProvider(where);
      try {
        for (const subscription of running) {
          const source = providerFor(subscription.provider);
          if (!source) continue;
          await source.cancelNow(subscription.providerSubscriptionId);
          // Recorded at once: if what follows fails, the organization stays, showing the truth.
          await refresh(source.name, subscription.providerSubscriptionId, { silent: true });
        }
      } catch (error) {
        if (error instanceof ProviderUnavailableError) {
          throw new AppError(
            502,
            paymentErrorCodes.providerUnavailable,
            paymentMessages.deletionBlocked,
          );
        }
        throw error;
      }
    },

    /**
     * A verified Stripe event: reads its subscription back from Stripe and applies it. A paid
     * invoice's (invoice.paid) is read back too, under the organization's lock, for its receipt.
     */
    async handleProviderEvent(
      event: { id: string; type: string },
      subscriptionId: string | null,
      checkoutSessionId: string | null,
      paidInvoiceId: string | null = null,
    ) {
      if (!subscriptionId) return 'ignored' as const;
      const stripe = providers.stripe?.provider;
      const paidInvoice =
        paidInvoiceId && stripe
          ? (within: Database) => stripe.readPaidInvoice(paidInvoiceId, within)
          : undefined;
      const outcome = await atProvider(() =>
        refresh(provider.name as 'stripe', subscriptionId, { event, paidInvoice }),
      );
      if (checkoutSessionId) {
        const row = await repository.findSession(db, checkoutSessionId);
        if (row && row.status !== 'complete') {
          await repository.updateSession(db, row.id, { status: 'complete', subscriptionId });
        }
      }
      return outcome;
    },

    /**
     * A verified refund or dispute event: its charge is read back from Stripe to find the
     * subscription and the period it paid for, then applied as any event is, the charge read
     * again under the organization's lock. A charge that is no subscription payment of ours
     * (unknown to Stripe, a one-off payment) changes nothing and is logged.
     */
    async handleChargeEvent(event: { id: string; type: string }, reference: ChargeReference) {
      const stripe = providers.stripe?.provider;
      if (!stripe) return 'ignored' as const;
      const payment = await atProvider(() => stripe.readPeriodPayment(reference));
      if (!payment) {
        options.logger?.warn(
          { event: event.id, type: event.type, ...reference },
          'refund or dispute of a charge that pays no known subscription: nothing changed',
        );
        return 'ignored' as const;
      }
      return atProvider(() =>
        fulfilment.apply(stripe, payment.subscriptionId, {
          event,
          periodPayment: (within) => stripe.readPeriodPayment(reference, within),
        }),
      );
    },

    // The built-in test checkout (embedded default only).

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
export type PaymentService = ReturnType<typeof createPaymentService>;
