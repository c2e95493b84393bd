import { publishesNow } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import type { EmailMessage } from '../../adapters/email/message.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import {
  paymentDisputedEmail,
  paymentFailedEmail,
  paymentRefundedEmail,
  publicationEndedEmail,
  publicationEndingEmail,
  subscriptionActiveEmail,
  type EmailFooter,
} from '../../adapters/email/templates.ts';
import type { PaymentRepository, SubscriptionRow } from './repository.ts';
import { endsAt } from './subscription-state.ts';

/** An organization as its owners' emails name it (its locked row); createdBy is its creator. */
export type Owned = { id: string; name: string; createdBy: string };

/** The emails to an organization's owners about its subscription, queued in the outbox. */
export function createOwnerEmails({
  repository,
  outbox,
  publicUrl,
  emailFooter,
}: {
  repository: PaymentRepository;
  outbox: OutboxRepository;
  publicUrl: string;
  emailFooter: EmailFooter;
}) {
  /**
   * One email to each owner of the organization (ADR 047), whoever paid; true when at least
   * one was queued.
   */
  async function emailOwners(
    tx: Database,
    organizationId: string,
    build: (to: string) => EmailMessage,
  ): Promise<boolean> {
    const owners = await repository.ownerAddresses(tx, organizationId);
    for (const owner of owners) await outbox.enqueue(tx, owner.userId, build(owner.email));
    return owners.length > 0;
  }

  const common = (organization: Owned) => ({
    organizationName: organization.name,
    publicUrl,
    ...emailFooter,
  });

  /** The profile has left the directory (its subscription ended). */
  const emailEnded = (tx: Database, organization: Owned) =>
    emailOwners(tx, organization.id, (to) =>
      publicationEndedEmail({ ...common(organization), to }),
    );

  /** The profile leaves the directory soon, unless something changes (the lapse job). */
  async function emailEnding(tx: Database, subscription: SubscriptionRow): Promise<boolean> {
    const ending = endsAt(subscription);
    const found = await repository.organizationName(tx, subscription.organizationId);
    if (!ending || !found) return false;
    const organization = { id: subscription.organizationId, ...found };
    return emailOwners(tx, organization.id, (to) =>
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
      return emailOwners(tx, organization.id, (to) => email({ ...common(organization), to }));
    }
    const wasLive = before ? publishesNow(before) : false;
    const nowLive = publishesNow(after);
    if (!wasLive && nowLive) {
      return emailOwners(tx, organization.id, (to) =>
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
      return emailOwners(tx, organization.id, (to) =>
        paymentFailedEmail({ ...common(organization), to, graceUntil }),
      );
    }
    return false;
  }

  return { emailOwners, common, emailEnded, emailEnding, announce };
}
export type OwnerEmails = ReturnType<typeof createOwnerEmails>;
