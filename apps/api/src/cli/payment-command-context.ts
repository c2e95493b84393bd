import type { Logger } from 'pino';
import { OrganizationId } from '@si/contracts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createFulfilment } from '../modules/payments/fulfilment.ts';
import { createPaymentProviders } from '../modules/payments/providers/index.ts';
import { createPaymentRepository } from '../modules/payments/repository.ts';
import { createReceiptRepository } from '../modules/payments/receipt-repository.ts';
import { createOutboxRepository } from '../adapters/email/outbox-repository.ts';
import { CLI_ACTOR, recordAction, type AuditedAction } from '../modules/operators/audit.ts';
import { createOperatorRepository } from '../modules/operators/repository.ts';

export interface PaymentCommandOptions {
  db: Database;
  config: Config;
  log: Logger;
  print?: (line: string) => void;
}

/** What the payment commands share: the payments module as the server builds it, the audit. */
export function createPaymentCommandContext({
  db,
  config,
  log,
  print = (line) => process.stdout.write(`${line}\n`),
}: PaymentCommandOptions) {
  const repository = createPaymentRepository(db);
  const providers = createPaymentProviders(config, db);
  const fulfilment = createFulfilment({
    repository,
    receipts: createReceiptRepository(db),
    outbox: createOutboxRepository(db),
    publicUrl: config.publicUrl,
    emailFooter: { supportEmail: config.SUPPORT_EMAIL, parentBrands: config.parentBrands },
    graceDays: config.PAYMENT_GRACE_DAYS,
    // The server's relay sends what is queued here.
    onEmailQueued: () => {},
    logger: log,
  });
  const refresh = async (
    name: 'stripe' | 'test',
    subscriptionId: string,
    options?: Parameters<typeof fulfilment.apply>[2],
  ) => {
    const source = providers.byName(name);
    return source ? fulfilment.apply(source, subscriptionId, options) : 'ignored';
  };
  /** The CLI's changes are operator actions too: each goes to the audit log (ADR 028). */
  const audited = (entry: AuditedAction) =>
    recordAction(createOperatorRepository(db), db, CLI_ACTOR, entry);
  return { db, config, log, print, repository, providers, fulfilment, refresh, audited };
}
export type PaymentCommandContext = ReturnType<typeof createPaymentCommandContext>;

/** The commands' arguments: a bad one stops the command, saying what it wants. */
export const day = (value: string | undefined, name: string) => {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new Error(`${name} must be a date (YYYY-MM-DD)`);
  return date;
};
export const wholeNumber = (value: string | undefined, name: string, max: number) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  }
  return number;
};
export const organizationId = (value: string | undefined) => {
  if (!value || !OrganizationId.safeParse(value).success) {
    throw new Error('Give the organization id (a UUID)');
  }
  return value;
};
export const shortDate = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '-');
