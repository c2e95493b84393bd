import type { Database } from '../../db/client.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import type { EmailFooter } from '../../adapters/email/templates.ts';
import type { PaymentRepository } from '../payments/repository.ts';
import type { RefundLatest } from '../payments/refunds.ts';
import type { DigestSender } from '../newsletter/digest-sender.ts';
import type { NewsletterRepository } from '../newsletter/repository.ts';
import type { Actor, AuditedAction } from './audit.ts';
import type { OperatorRepository } from './repository.ts';

export interface OperatorServiceOptions {
  db: Database;
  repository: OperatorRepository;
  payments: Pick<
    PaymentRepository,
    | 'setHeldIn'
    | 'ownerAddresses'
    | 'listAll'
    | 'listGuestCodes'
    | 'createGuestCode'
    | 'findGuestCode'
    | 'disableGuestCode'
    | 'ownerAddresses'
  >;
  outbox: OutboxRepository;
  /** Takes an organization's Verified badge away, in the caller's transaction. */
  clearBadge: (tx: Database, organizationId: string) => Promise<void>;
  /** The newsletter's addresses and settings (the console's newsletter page). */
  newsletter: NewsletterRepository;
  /** The monthly digest, previewed and sent now from the console (ADR 037). */
  newsletterDigests: DigestSender;
  /** Deletes an organization as its owner's deletion does (organizations service). */
  deleteOrganization: (id: string) => Promise<boolean>;
  /** Deletes a user with everything they own, as their own deletion does (accounts service). */
  deleteUser: (id: string) => Promise<boolean>;
  publicUrl: string;
  emailFooter: EmailFooter;
  /** Refunds an organization's latest payment and ends its subscription (payments/refunds.ts). */
  refund: RefundLatest;
  /** Wakes the email relay after a change that emailed the owner. */
  onEmailQueued?: () => void;
  now?: () => Date;
}

/** What every use case of the console is built with (service.ts makes it once). */
export interface ConsoleContext {
  db: Database;
  repository: OperatorRepository;
  /** Adds the action to the audit log, in the transaction that makes it (ADR 028). */
  record: (tx: Database, actor: Actor, entry: AuditedAction) => Promise<unknown>;
  now: () => Date;
  emailQueued: () => void;
}

/** A date as the console's answers carry it. */
export const toIso = (date: Date | null) => (date ? date.toISOString() : null);
