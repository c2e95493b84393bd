import { parseArgs } from 'node:util';
import { countOf, paymentHoldNames, subscriptionStatusNames } from '@si/contracts';
import { subscriptionLapsesJob } from '../modules/payments/lapses-job.ts';
import {
  day,
  organizationId,
  shortDate,
  type PaymentCommandContext,
} from './payment-command-context.ts';

/**
 * Subscriptions and publication: the list, an operator's hold, test-mode simulations, lapses.
 * False for any other command.
 */
export async function runSubscriptionCommand(
  command: string,
  action: string | undefined,
  rest: string[],
  {
    db,
    config,
    log,
    print,
    repository,
    providers,
    fulfilment,
    refresh,
    audited,
  }: PaymentCommandContext,
): Promise<boolean> {
  switch (command) {
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
