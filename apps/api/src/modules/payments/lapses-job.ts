import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Fulfilment } from './fulfilment.ts';
import type { PaymentRepository } from './repository.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';

/** One key for the whole product: whichever process takes it runs the lapses this time. */
const LAPSE_LOCK_KEY = 727274003;
const BATCH_SIZE = 500;
/** How long after a period's end a renewal's events may still be on their way. */
const RENEWAL_SLACK_MS = 24 * 60 * 60 * 1000;
const OVERDUE_BATCH = 50;

export interface LapseOptions {
  repository: PaymentRepository;
  fulfilment: Fulfilment;
  /**
   * Reads a provider subscription back and applies it (fulfilment with its provider) as of
   * `now`; 'ignored' when the provider does not know it or is not configured here.
   */
  refresh: (
    provider: 'stripe' | 'test',
    subscriptionId: string,
    options?: { now?: Date },
  ) => Promise<'applied' | 'duplicate' | 'ignored'>;
  reminderDays: number;
  logger: FastifyBaseLogger;
}

export interface LapseRun {
  expired: number;
  reminded: number;
  rechecked: number;
  /**
   * Failed renewals whose grace ended, settled through their provider: canceled there and
   * recorded as expired, or found paid after all.
   */
  gracesEnded: number;
}

const takeLock = async (tx: Database) => {
  const lock = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${LAPSE_LOCK_KEY}) as locked`,
  )) as unknown as { rows: { locked: boolean }[] };
  return Boolean(lock.rows[0]?.locked);
};

/**
 * Applies the ends that come with time rather than with a provider's event (docs/product.md#payments-and-subscriptions): a
 * canceled subscription at its period's end, a failed renewal at the end of its grace, a guest
 * grant at its term. Each unpublishes the profile (never deletes it) and emails the owner; owners
 * are also emailed `reminderDays` before. Provider subscriptions whose renewal never reported
 * back are read again. Safe with several server processes: an advisory lock, taken without
 * waiting, as the guest purge does. Returns null when another process has it.
 */
export function subscriptionLapsesJob(
  options: LapseOptions,
): PeriodicJob & { runAt(now: Date): Promise<LapseRun | null> } {
  const { repository, fulfilment } = options;

  /**
   * Ends each failed renewal whose grace is over at its provider, through fulfilment (which
   * records it expired, unpublishes and emails the owner): a late retry of the payment can
   * then never publish it again (ADR 013). Returns how many were ended there, and the ids of
   * those whose provider could not be reached: they stay as they are until the next run, so
   * that the owner is never told the profile has left while the provider may still renew it.
   * One its provider does not know (or one not configured here) has nothing to cancel: the
   * expiry that follows ends it here.
   */
  const endGraces = async (now: Date) => {
    let canceled = 0;
    const unreachable: string[] = [];
    for (const grace of await repository.graceEnded(now, OVERDUE_BATCH)) {
      if (grace.provider === 'guest') continue;
      try {
        const outcome = await options.refresh(grace.provider, grace.providerSubscriptionId, {
          now,
        });
        if (outcome !== 'ignored') canceled += 1;
      } catch (error) {
        unreachable.push(grace.id);
        options.logger.warn(
          { err: error, subscription: grace.providerSubscriptionId },
          'grace ended but the subscription could not be canceled at its provider; trying again next run',
        );
      }
    }
    return { canceled, unreachable };
  };

  const runAt = async (now: Date): Promise<LapseRun | null> => {
    // Only the process holding the lock does anything (the expiry below checks it again).
    const free = await repository.transaction(takeLock);
    if (!free) return null;
    const graces = await endGraces(now);
    let emailed = false;
    const expired = await repository.transaction(async (tx) => {
      if (!(await takeLock(tx))) return null;
      // Every organization is locked before anything is written, in one statement in id order:
      // a write (and its directory-counter trigger) never waits on a lock this job holds while
      // the job waits on it.
      const due = await repository.organizationsDue(tx, now, BATCH_SIZE, graces.unreachable);
      let count = 0;
      for (const organization of await repository.lockOrganizations(tx, due)) {
        const ended = await repository.expireDue(tx, organization.id, now, graces.unreachable);
        if (ended.length === 0) continue;
        count += ended.length;
        await repository.refreshOrganization(tx, organization.id);
        if (!(await repository.hasLiveSubscription(tx, organization.id))) {
          emailed = (await fulfilment.emailEnded(tx, organization)) || emailed;
        }
      }
      return count;
    });
    if (expired === null) return null;

    // Reminders touch only subscription rows, in their own transaction.
    const reminded = await repository.transaction(async (tx) => {
      if (!(await takeLock(tx))) return 0;
      const reminders = await repository.takeRemindersDue(tx, now, options.reminderDays);
      for (const reminder of reminders) {
        emailed = (await fulfilment.emailEnding(tx, reminder)) || emailed;
      }
      return reminders.length;
    });
    if (emailed) fulfilment.emailQueued();

    let rechecked = 0;
    for (const overdue of await repository.overdueAtProvider(
      now,
      RENEWAL_SLACK_MS,
      OVERDUE_BATCH,
    )) {
      if (overdue.provider === 'guest') continue;
      try {
        await options.refresh(overdue.provider, overdue.providerSubscriptionId);
        rechecked += 1;
      } catch (error) {
        options.logger.warn(
          { err: error, subscription: overdue.providerSubscriptionId },
          'overdue subscription could not be read back; trying again next run',
        );
      }
    }

    const result = { expired, reminded, rechecked, gracesEnded: graces.canceled };
    if (expired > 0 || reminded > 0 || rechecked > 0 || graces.canceled > 0) {
      options.logger.info(result, 'subscription lapses applied');
    }
    return result;
  };
  return { name: 'subscription-lapses', run: () => runAt(new Date()), runAt };
}
