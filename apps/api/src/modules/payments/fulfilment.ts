import { OrganizationId, plans, publishesNow } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import type { EmailMessage } from '../../adapters/email/message.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import {
  duplicatePaymentRefundedEmail,
  paymentDisputedEmail,
  paymentFailedEmail,
  paymentReceiptEmail,
  paymentRefundedEmail,
  publicationEndedEmail,
  publicationEndingEmail,
  subscriptionActiveEmail,
  type EmailFooter,
} from '../../adapters/email/templates.ts';
import {
  ProviderRefusedError,
  type PaymentProvider,
  type PeriodPayment,
  type ProviderInvoice,
  type ProviderSubscription,
} from './providers/provider.ts';
import type { ReceiptRepository } from './receipt-repository.ts';
import type { PaymentRepository, SubscriptionRow } from './repository.ts';
import { endsAt, graceIsOver, holdFor, statusFromProvider } from './subscription-state.ts';

export interface FulfilmentOptions {
  repository: PaymentRepository;
  receipts: ReceiptRepository;
  outbox: OutboxRepository;
  publicUrl: string;
  /** Where emails send for help, and the parent brands they name (settings). */
  emailFooter: EmailFooter;
  /** Days a profile stays public after a renewal payment first fails. */
  graceDays: number;
  onEmailQueued: () => void;
  logger?: {
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}

export type FulfilmentOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * The one place a provider's word about a subscription changes anything: the webhook, the
 * success return's check, the test checkout's Pay and the owner's cancel and resume all call
 * `apply`. It is idempotent: it records what the provider reports (read back from the
 * provider, never taken from a payload), and emails only on a change of state. Two calls at
 * once for one organization run one after the other on its row lock, and the unique
 * provider_subscription_id means they can only ever make one subscription.
 */
export function createFulfilment(options: FulfilmentOptions) {
  const { repository, receipts, outbox, publicUrl, emailFooter } = options;

  async function emailOwner(
    tx: Database,
    ownerId: string,
    build: (to: string) => EmailMessage,
  ): Promise<boolean> {
    const to = await repository.userEmail(tx, ownerId);
    if (!to) return false;
    await outbox.enqueue(tx, ownerId, build(to));
    return true;
  }

  type Owned = { id: string; name: string; createdBy: string };
  const common = (organization: Owned) => ({
    organizationName: organization.name,
    publicUrl,
    ...emailFooter,
  });

  /** The profile has left the directory (its subscription ended). */
  const emailEnded = (tx: Database, organization: Owned) =>
    emailOwner(tx, organization.createdBy, (to) =>
      publicationEndedEmail({ ...common(organization), to }),
    );

  /** The profile leaves the directory soon, unless something changes (the lapse job). */
  async function emailEnding(tx: Database, subscription: SubscriptionRow): Promise<boolean> {
    const ending = endsAt(subscription);
    const found = await repository.organizationName(tx, subscription.organizationId);
    if (!ending || !found) return false;
    const organization = { id: subscription.organizationId, ...found };
    return emailOwner(tx, organization.createdBy, (to) =>
      publicationEndingEmail({ ...common(organization), to, endsAt: ending }),
    );
  }

  /** Emails for a subscription's change of state; true when one was queued. */
  async function announce(
    tx: Database,
    organization: Owned,
    before: SubscriptionRow | null,
    after: SubscriptionRow,
  ): Promise<boolean> {
    if (after.paymentHold && after.paymentHold !== before?.paymentHold) {
      // Its payment was taken back at the provider: the profile is out for that period.
      const email = after.paymentHold === 'refunded' ? paymentRefundedEmail : paymentDisputedEmail;
      return emailOwner(tx, organization.createdBy, (to) => email({ ...common(organization), to }));
    }
    const wasLive = before ? publishesNow(before) : false;
    const nowLive = publishesNow(after);
    if (!wasLive && nowLive) {
      return emailOwner(tx, organization.createdBy, (to) =>
        subscriptionActiveEmail({
          ...common(organization),
          to,
          profileUrl: `${publicUrl}/organizations/${organization.id}`,
        }),
      );
    }
    if (wasLive && !nowLive) {
      return emailEnded(tx, organization);
    }
    if (after.status === 'past_due' && before?.status !== 'past_due' && after.graceUntil) {
      const graceUntil = after.graceUntil;
      return emailOwner(tx, organization.createdBy, (to) =>
        paymentFailedEmail({ ...common(organization), to, graceUntil }),
      );
    }
    return false;
  }

  /**
   * Records a paid invoice of the subscription and queues its receipt, once per invoice: the
   * invoice id is unique in payment_receipts, so a second read (a redelivery, a retried Pay)
   * inserts nothing and sends nothing. True when a receipt was queued. An invoice that is not
   * this subscription's, or not paid, records nothing.
   */
  async function recordReceipt(
    tx: Database,
    source: PaymentProvider,
    organization: Owned,
    subscription: ProviderSubscription,
    invoice: ProviderInvoice | null,
  ): Promise<boolean> {
    if (!invoice || invoice.subscriptionId !== subscription.id) return false;
    const recorded = await receipts.record(tx, {
      provider: source.name,
      providerInvoiceId: invoice.id,
      providerSubscriptionId: subscription.id,
      organizationId: organization.id,
      plan: subscription.plan,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      paidAt: invoice.paidAt,
      number: invoice.number,
      url: invoice.url,
    });
    if (!recorded) return false;
    return emailOwner(tx, organization.createdBy, (to) =>
      paymentReceiptEmail({
        ...common(organization),
        to,
        planName: plans[recorded.plan].name,
        amountCents: recorded.amountCents,
        currency: recorded.currency,
        periodStart: recorded.periodStart,
        periodEnd: recorded.periodEnd,
        invoiceNumber: recorded.number,
        receiptUrl: recorded.url,
      }),
    );
  }

  /**
   * Refunds a duplicate subscription's payment, once however often it is tried (the key makes a
   * retried refund return the first). Null when the provider has no payment left to refund;
   * a provider that cannot be reached throws, and the event is delivered again.
   */
  async function refundDuplicate(source: PaymentProvider, subscriptionId: string, tx: Database) {
    try {
      return await source.refundLatestPayment(subscriptionId, {
        within: tx,
        idempotencyKey: `duplicate-${subscriptionId}`,
        reason: 'duplicate',
        origin: 'duplicate',
      });
    } catch (error) {
      if (!(error instanceof ProviderRefusedError)) throw error;
      options.logger?.warn(
        { subscription: subscriptionId, reason: error.reason },
        'duplicate subscription has no payment to refund',
      );
      return null;
    }
  }

  /**
   * Reads the subscription from its provider and records what it says. The first read only
   * finds the organization; the one that counts is made again under the organization's lock, so
   * a slow read can never commit an older state over a newer one.
   */
  async function apply(
    source: PaymentProvider,
    subscriptionId: string,
    {
      event,
      now = new Date(),
      silent = false,
      periodPayment,
      paidInvoice,
    }: {
      /** The provider event that asked for it: recorded, so a redelivery changes nothing. */
      event?: { id: string; type: string };
      /**
       * A refund or dispute event's payment, read from the provider under the organization's lock
       * (as the subscription is): it says whether the period it paid for is held back.
       */
      periodPayment?: (within: Database) => Promise<PeriodPayment | null>;
      /**
       * A payment of the subscription (Stripe's invoice.paid, the test checkout's Pay or
       * renewal), read from the provider under the organization's lock: its receipt is recorded
       * and emailed, once per invoice, whatever else the subscription's state does.
       */
      paidInvoice?: (within: Database) => Promise<ProviderInvoice | null>;
      now?: Date;
      /** No email (the owner is deleting the organization: it is not "leaving" the directory). */
      silent?: boolean;
    } = {},
  ): Promise<FulfilmentOutcome> {
    const glance = await source.readSubscription(subscriptionId);
    const organizationId = glance?.organizationId;
    if (!organizationId || !OrganizationId.safeParse(organizationId).success) return 'ignored';
    let queued = false;
    let orphaned = false;
    const outcome = await repository.transaction(async (tx): Promise<FulfilmentOutcome> => {
      const organization = await repository.lockOrganization(tx, organizationId);
      if (!organization) {
        // Ours (our metadata) but its organization is gone: a checkout paid after a deletion.
        orphaned = glance.state === 'active' || glance.state === 'past_due';
        return 'ignored';
      }
      if (event && !(await repository.recordEvent(tx, event.id, event.type))) return 'duplicate';
      let reported = (await source.readSubscription(subscriptionId, tx)) ?? glance;
      // A payment taken is receipted even when what follows refunds it (a second subscription):
      // the refund's own email then says so.
      if (paidInvoice && !silent) {
        const receipted = await recordReceipt(
          tx,
          source,
          organization,
          reported,
          await paidInvoice(tx),
        );
        queued = receipted || queued;
      }
      if (periodPayment) {
        const payment = await periodPayment(tx);
        const details = { organizationId, subscription: reported.id, event: event?.id };
        if (!payment || payment.subscriptionId !== reported.id) {
          options.logger?.warn(details, 'refund or dispute no longer found at the provider');
          return 'ignored';
        }
        if (payment.periodStart.getTime() !== reported.periodStart.getTime()) {
          // An earlier period's payment: the one that publishes now was paid all the same.
          options.logger?.info(
            { ...details, periodStart: payment.periodStart, hold: payment.hold },
            'refund or dispute of an earlier period: publication unchanged',
          );
          return 'ignored';
        }
        if (payment.note) options.logger?.info({ ...details, note: payment.note }, payment.note);
        reported = { ...reported, periodHold: payment.hold };
      }
      const before = await repository.findByProviderId(tx, reported.id);
      let next = statusFromProvider(reported, before?.graceUntil ?? null, now, options.graceDays);
      if (next && graceIsOver(reported, next)) {
        // The grace has ended while the provider still retries the renewal (Stripe's Smart
        // Retries run longer): it is ended there now, in this transaction, so that no late
        // retry can publish a profile whose owner is told it has left (ADR 013). A provider
        // that cannot be reached rolls it all back; the job or Stripe's next event tries again.
        await source.cancelNow(reported.id, tx);
        reported = (await source.readSubscription(reported.id, tx)) ?? {
          ...reported,
          state: 'ended',
        };
        next = statusFromProvider(reported, before?.graceUntil ?? null, now, options.graceDays);
        options.logger?.info(
          { organizationId, subscription: reported.id, state: reported.state },
          'grace ended: subscription canceled at the provider',
        );
      }
      if (!next) return 'ignored';
      const values = {
        status: next.status,
        graceUntil: next.graceUntil,
        periodStart: reported.periodStart,
        periodEnd: reported.periodEnd,
        type: plans[reported.plan].subscriptionType,
        ...holdFor(reported, before),
      };
      const becomesLive = publishesNow(values) && !(before && publishesNow(before));
      if (becomesLive && (await repository.hasLiveSubscription(tx, organization.id))) {
        // A second subscription for an organization that is already live (two checkouts both
        // paid, or a lapsed one recovering after the owner subscribed again): its payment is
        // refunded and it is ended at the provider at once, kept on record, and the owner told.
        const refunded = await refundDuplicate(source, reported.id, tx);
        await source.cancelNow(reported.id, tx);
        const ended = { ...values, status: 'expired' as const };
        if (before) await repository.updateSubscription(tx, before.id, ended);
        else {
          await repository.insertSubscription(tx, {
            ...ended,
            organizationId,
            userId: reported.userId ?? organization.createdBy,
            provider: source.name,
            providerSubscriptionId: reported.id,
          });
        }
        if (!silent) {
          const told = await emailOwner(tx, organization.createdBy, (to) =>
            duplicatePaymentRefundedEmail({
              ...common(organization),
              to,
              amountCents: refunded?.amountCents ?? null,
            }),
          );
          queued = told || queued;
        }
        options.logger?.warn(
          { organizationId, subscription: reported.id, refundedCents: refunded?.amountCents },
          'second subscription for a live organization: refunded and ended at the provider',
        );
        return 'applied';
      }
      let after: SubscriptionRow;
      if (before) {
        // A new ending (resumed, renewed, a new failure) deserves its own reminder.
        const newEnding = endsAt(before)?.getTime() !== endsAt({ ...before, ...values })?.getTime();
        after = await repository.updateSubscription(tx, before.id, {
          ...values,
          ...(newEnding && { reminderSentAt: null }),
        });
      } else {
        after = await repository.insertSubscription(tx, {
          ...values,
          organizationId,
          userId: reported.userId ?? organization.createdBy,
          provider: source.name,
          providerSubscriptionId: reported.id,
        });
      }
      await repository.refreshOrganization(tx, organizationId);
      if (!silent) queued = (await announce(tx, organization, before, after)) || queued;
      return 'applied';
    });
    if (queued) options.onEmailQueued();
    if (orphaned) {
      await source.cancelNow(subscriptionId);
      options.logger?.warn(
        { organizationId, subscription: subscriptionId },
        'subscription for a deleted organization canceled at the provider',
      );
    }
    return outcome;
  }

  return { apply, announce, emailEnded, emailEnding, emailQueued: options.onEmailQueued };
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
