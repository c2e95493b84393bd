import { OrganizationId, plans, publishesNow } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import type { EmailFooter } from '../../adapters/email/templates.ts';
import { createDuplicateEnding } from './duplicate-subscriptions.ts';
import { createOwnerEmails } from './owner-emails.ts';
import type {
  PaymentProvider,
  PeriodPayment,
  ProviderInvoice,
  ProviderSubscription,
} from './providers/provider.ts';
import { createReceiptRecording } from './receipt-recording.ts';
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
  const { repository } = options;
  const emails = createOwnerEmails(options);
  const { announce } = emails;
  const recordReceipt = createReceiptRecording(options.receipts, emails);
  const endDuplicate = createDuplicateEnding({ repository, emails, logger: options.logger });

  /**
   * What a refund or dispute event's payment holds back of the period the subscription is in
   * now; null when it changes nothing there (no longer found, or an earlier period's), logged.
   */
  function periodHoldOf(
    payment: PeriodPayment | null,
    reported: ProviderSubscription,
    details: { organizationId: string; subscription: string; event: string | undefined },
  ): { hold: PeriodPayment['hold'] } | null {
    if (!payment || payment.subscriptionId !== reported.id) {
      options.logger?.warn(details, 'refund or dispute no longer found at the provider');
      return null;
    }
    if (payment.periodStart.getTime() !== reported.periodStart.getTime()) {
      // An earlier period's payment: the one that publishes now was paid all the same.
      options.logger?.info(
        { ...details, periodStart: payment.periodStart, hold: payment.hold },
        'refund or dispute of an earlier period: publication unchanged',
      );
      return null;
    }
    if (payment.note) options.logger?.info({ ...details, note: payment.note }, payment.note);
    return { hold: payment.hold };
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
        const details = { organizationId, subscription: reported.id, event: event?.id };
        const held = periodHoldOf(await periodPayment(tx), reported, details);
        if (!held) return 'ignored';
        reported = { ...reported, periodHold: held.hold };
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
        // A second subscription for an organization already live: refunded and ended.
        const told = await endDuplicate(tx, source, organization, reported, before, values, silent);
        queued = told || queued;
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
          // The payer, not an owner: the account our checkout stamped on the subscription. One made
          // at the provider by hand names none, and the creator stands in; the column grants nothing
          // (owners read every subscription, ADR 047), it only lists who paid in the console.
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

  return {
    apply,
    announce,
    emailEnded: emails.emailEnded,
    emailEnding: emails.emailEnding,
    emailQueued: options.onEmailQueued,
  };
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
