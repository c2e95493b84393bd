import type { Database } from '../../db/client.ts';
import { duplicatePaymentRefundedEmail } from '../../adapters/email/templates.ts';
import type { OwnerEmails, Owned } from './owner-emails.ts';
import {
  ProviderRefusedError,
  type PaymentProvider,
  type ProviderSubscription,
} from './providers/provider.ts';
import type { NewSubscriptionRow, PaymentRepository, SubscriptionRow } from './repository.ts';

/** What fulfilment records of a subscription's state, before the columns that name it. */
export type RecordedState = Omit<
  NewSubscriptionRow,
  'organizationId' | 'userId' | 'provider' | 'providerSubscriptionId'
>;

/**
 * A second subscription for an organization that is already live (two checkouts both paid, or
 * a lapsed one recovering after the owner subscribed again): its payment is refunded and it is
 * ended at the provider at once, kept on record, and the owner told.
 */
export function createDuplicateEnding({
  repository,
  emails: { emailOwners, common },
  logger,
}: {
  repository: PaymentRepository;
  emails: OwnerEmails;
  logger?: { warn(details: object, message: string): void };
}) {
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
      logger?.warn(
        { subscription: subscriptionId, reason: error.reason },
        'duplicate subscription has no payment to refund',
      );
      return null;
    }
  }

  /** Ends the duplicate `reported` in the transaction; true when the owner's email was queued. */
  return async function endDuplicate(
    tx: Database,
    source: PaymentProvider,
    organization: Owned,
    reported: ProviderSubscription,
    before: SubscriptionRow | null,
    values: RecordedState,
    silent: boolean,
  ): Promise<boolean> {
    const refunded = await refundDuplicate(source, reported.id, tx);
    await source.cancelNow(reported.id, tx);
    const ended = { ...values, status: 'expired' as const };
    if (before) await repository.updateSubscription(tx, before.id, ended);
    else {
      await repository.insertSubscription(tx, {
        ...ended,
        organizationId: organization.id,
        // The payer, not an owner: the account our checkout stamped on the subscription. One made
        // at the provider by hand names none, and the creator stands in; the column grants nothing
        // (owners read every subscription, ADR 047), it only lists who paid in the console.
        userId: reported.userId ?? organization.createdBy,
        provider: source.name,
        providerSubscriptionId: reported.id,
      });
    }
    const told =
      !silent &&
      (await emailOwners(tx, organization.id, (to) =>
        duplicatePaymentRefundedEmail({
          ...common(organization),
          to,
          amountCents: refunded?.amountCents ?? null,
        }),
      ));
    logger?.warn(
      {
        organizationId: organization.id,
        subscription: reported.id,
        refundedCents: refunded?.amountCents,
      },
      'second subscription for a live organization: refunded and ended at the provider',
    );
    return told;
  };
}
