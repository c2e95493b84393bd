import { parseArgs } from 'node:util';
import type { Logger } from 'pino';
import { OrganizationId, countOf, paymentHoldNames, subscriptionStatusNames } from '@si/contracts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { subscriptionLapsesJob } from '../modules/payments/lapses-job.ts';
import { createFulfilment } from '../modules/payments/fulfilment.ts';
import { createPaymentProviders } from '../modules/payments/providers/index.ts';
import { createPaymentRepository } from '../modules/payments/repository.ts';
import { createReceiptRepository } from '../modules/payments/receipt-repository.ts';
import { createOutboxRepository } from '../adapters/email/outbox-repository.ts';
import { CLI_ACTOR, recordAction, type AuditedAction } from '../modules/operators/audit.ts';
import { createOperatorRepository } from '../modules/operators/repository.ts';

export const paymentUsage = `  guest-code create --code X --uses N --expires YYYY-MM-DD --months M
  guest-code list
  guest-code disable --code X
  subscriptions list          every organization's subscriptions and their state
  organization unpublish ID   take a profile out of the directory, whatever its subscription
  organization republish ID   let its subscription decide again
  subscription renew ID       test mode: the organization's subscription renews
  subscription fail ID        test mode: its renewal payment fails (the grace period starts)
  subscription refund ID      test mode: its payment is refunded at the provider (not published)
  subscription dispute ID     test mode: its payment is disputed (not published)
  subscription dispute-won ID test mode: the dispute is won (published again if still paid)
  lapses run [--at DATE]      apply ends and reminders now (or as of DATE)`;

const day = (value: string | undefined, name: string) => {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new Error(`${name} must be a date (YYYY-MM-DD)`);
  return date;
};
const wholeNumber = (value: string | undefined, name: string, max: number) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}`);
  }
  return number;
};
const organizationId = (value: string | undefined) => {
  if (!value || !OrganizationId.safeParse(value).success) {
    throw new Error('Give the organization id (a UUID)');
  }
  return value;
};
const shortDate = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '-');

/**
 * Operator commands for payments (docs/product.md#operators). Returns false for a command it
 * does not know. Output goes to stdout as plain lines an operator can read or grep.
 */
export async function runPaymentCommand(
  command: string,
  args: string[],
  {
    db,
    config,
    log,
    print = (line) => process.stdout.write(`${line}\n`),
  }: { db: Database; config: Config; log: Logger; print?: (line: string) => void },
): Promise<boolean> {
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
  const [action, ...rest] = args;
  /** The CLI's changes are operator actions too: each goes to the audit log (ADR 028). */
  const audited = (entry: AuditedAction) =>
    recordAction(createOperatorRepository(db), db, CLI_ACTOR, entry);

  switch (`${command} ${action ?? ''}`.trim()) {
    case 'guest-code create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          code: { type: 'string' },
          uses: { type: 'string' },
          expires: { type: 'string' },
          months: { type: 'string' },
        },
      });
      const code = values.code?.trim() ?? '';
      if (!/^[\w-]{3,64}$/.test(code)) {
        throw new Error('--code must be 3 to 64 letters, digits, - or _');
      }
      // A code works through the whole of its expiry day (UTC).
      const expiresAt = new Date(
        day(values.expires, '--expires').getTime() + 24 * 60 * 60 * 1000 - 1,
      );
      if (expiresAt <= new Date()) throw new Error('--expires must be in the future');
      if (await repository.findGuestCode(db, code)) {
        throw new Error(`A guest code "${code}" exists already (codes ignore case)`);
      }
      const created = await repository.createGuestCode({
        code,
        maxUses: wholeNumber(values.uses, '--uses', 100_000),
        expiresAt,
        grantMonths: wholeNumber(values.months, '--months', 120),
      });
      await audited({
        action: 'guest-code.create',
        targetType: 'guest-code',
        targetId: created.id,
        targetLabel: created.code,
        details: { maxUses: created.maxUses, grantMonths: created.grantMonths },
      });
      print(
        `created ${created.code}: ${countOf(created.maxUses, 'use', 'uses')}, ${countOf(created.grantMonths, 'month', 'months')} each, expires ${shortDate(created.expiresAt)}`,
      );
      return true;
    }
    case 'guest-code list': {
      const codes = await repository.listGuestCodes();
      if (codes.length === 0) print('no guest codes');
      const now = new Date();
      for (const code of codes) {
        const state = code.disabledAt
          ? 'disabled'
          : code.expiresAt <= now
            ? 'expired'
            : code.uses >= code.maxUses
              ? 'used up'
              : 'active';
        print(
          `${code.code}\t${state}\t${code.uses}/${code.maxUses} used\t${countOf(code.grantMonths, 'month', 'months')}\texpires ${shortDate(code.expiresAt)}`,
        );
      }
      return true;
    }
    case 'guest-code disable': {
      const { values } = parseArgs({ args: rest, options: { code: { type: 'string' } } });
      const disabled = await repository.disableGuestCode(values.code ?? '');
      if (!disabled) throw new Error(`No active guest code "${values.code ?? ''}"`);
      await audited({
        action: 'guest-code.disable',
        targetType: 'guest-code',
        targetId: disabled.id,
        targetLabel: disabled.code,
      });
      print(`disabled ${disabled.code}`);
      return true;
    }
    case 'subscriptions list': {
      const rows = await repository.listAll();
      if (rows.length === 0) print('no subscriptions');
      for (const row of rows) {
        print(
          [
            row.organizationId,
            row.organizationName,
            row.type,
            subscriptionStatusNames[row.status],
            row.provider,
            `${shortDate(row.periodStart)} to ${shortDate(row.periodEnd)}`,
            row.graceUntil && row.status === 'past_due'
              ? `grace to ${shortDate(row.graceUntil)}`
              : '',
            row.published ? 'published' : 'not published',
          ]
            .filter(Boolean)
            .join('\t'),
        );
      }
      return true;
    }
    case 'organization unpublish':
    case 'organization republish': {
      const id = organizationId(rest[0]);
      const after = await repository.setHeld(id, action === 'unpublish');
      if (!after) throw new Error(`No organization ${id}`);
      await audited({
        action: action === 'unpublish' ? 'organization.hold' : 'organization.release',
        targetType: 'organization',
        targetId: id,
        targetLabel: (await repository.organizationName(db, id))?.name ?? '',
      });
      // Taken down by an operator, whatever its subscription; republished, the subscription decides.
      print(
        after.published
          ? `${id} is published`
          : action === 'unpublish'
            ? `${id} is not published: held out of the directory until 'organization republish ${id}'`
            : `${id} is not published${after.paymentStatus === 'paid' ? '' : ' (it has no live subscription)'}`,
      );
      return true;
    }
    case 'subscription renew':
    case 'subscription fail':
    case 'subscription refund':
    case 'subscription dispute':
    case 'subscription dispute-won': {
      const id = organizationId(rest[0]);
      const current = await repository.currentForOrganization(id);
      if (!current || current.provider !== 'test') {
        throw new Error(
          'Only a test-mode subscription (the built-in test checkout) can be simulated',
        );
      }
      const subscriptionId = current.providerSubscriptionId;
      if (action === 'renew') await providers.test.renew(subscriptionId);
      else if (action === 'fail') await providers.test.failPayment(subscriptionId);
      else if (action === 'refund')
        await providers.test.takeBackPayment(subscriptionId, 'refunded');
      else if (action === 'dispute')
        await providers.test.takeBackPayment(subscriptionId, 'disputed');
      else await providers.test.winDispute(subscriptionId);
      // A renewal is a payment: its receipt is recorded and emailed, as Pay's is.
      await refresh(
        'test',
        subscriptionId,
        action === 'renew'
          ? { paidInvoice: (within) => providers.test.currentInvoice(subscriptionId, within) }
          : undefined,
      );
      const after = await repository.currentForOrganization(id);
      const state = after
        ? after.paymentHold
          ? paymentHoldNames[after.paymentHold]
          : subscriptionStatusNames[after.status]
        : 'none';
      print(`${id}: ${state}, period to ${shortDate(after?.periodEnd ?? null)}`);
      return true;
    }
    case 'lapses run': {
      const { values } = parseArgs({ args: rest, options: { at: { type: 'string' } } });
      const at = values.at ? day(values.at, '--at') : new Date();
      const job = subscriptionLapsesJob({
        repository,
        fulfilment,
        refresh,
        reminderDays: config.LAPSE_REMINDER_DAYS,
        logger: log,
      });
      const result = await job.runAt(at);
      print(
        result
          ? `${countOf(result.expired, 'subscription', 'subscriptions')} ended, ${countOf(result.reminded, 'owner', 'owners')} reminded, ${result.rechecked} read again from the provider, ${countOf(result.gracesEnded, 'grace', 'graces')} ended there`
          : 'another process is applying lapses now; nothing done',
      );
      return true;
    }
    default:
      return false;
  }
}
