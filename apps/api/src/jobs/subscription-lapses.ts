import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from '../plugins/email/outbox-repository.ts';
import { publicationEndingEmail } from '../plugins/email/templates.ts';
import type { Fulfilment } from '../modules/payments/fulfilment.ts';
import type { PaymentRepository } from '../modules/payments/repository.ts';
import { endsAt } from '../modules/payments/subscription-state.ts';
import type { PeriodicJob } from './scheduler.ts';

/** One key for the whole product: whichever process takes it runs the lapses this time. */
const LAPSE_LOCK_KEY = 727274003;
const BATCH_SIZE = 500;

export interface LapseOptions {
  repository: PaymentRepository;
  fulfilment: Fulfilment;
  outbox: OutboxRepository;
  publicUrl: string;
  supportEmail: string;
  reminderDays: number;
  logger: FastifyBaseLogger;
}

export interface LapseRun {
  expired: number;
  reminded: number;
}

/**
 * Applies the ends that come with time rather than with a provider's event (DECISIONS.md): a
 * canceled subscription at its period's end, a failed renewal at the end of its grace, a guest
 * grant at its term. Each unpublishes the profile (never deletes it) and emails the owner; owners
 * are also emailed `reminderDays` before. Safe with several server processes: one advisory lock,
 * taken without waiting, as the guest purge does. Returns null when another process has it.
 */
export function subscriptionLapsesJob(
  options: LapseOptions,
): PeriodicJob & { runAt(now: Date): Promise<LapseRun | null> } {
  const { repository, fulfilment, outbox } = options;

  const runAt = async (now: Date): Promise<LapseRun | null> => {
    let emailed = false;
    const result = await repository.transaction(async (tx) => {
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${LAPSE_LOCK_KEY}) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (!lock.rows[0]?.locked) return null;
      let expired = 0;
      // Organizations are locked one at a time, in id order, as every payment write locks them.
      for (const organizationId of await repository.organizationsDue(tx, now, BATCH_SIZE)) {
        const organization = await repository.lockOrganization(tx, organizationId);
        if (!organization) continue;
        const ended = await repository.expireDue(tx, organizationId, now);
        if (ended.length === 0) continue;
        expired += ended.length;
        await repository.refreshOrganization(tx, organizationId);
        // One email per organization, and only if nothing else keeps it live.
        if (!(await repository.hasLiveSubscription(tx, organizationId))) {
          emailed = (await fulfilment.emailEnded(tx, organization)) || emailed;
        }
      }
      const reminders = await repository.takeRemindersDue(tx, now, options.reminderDays);
      for (const reminder of reminders) {
        const organization = await repository.organizationName(tx, reminder.organizationId);
        const ending = endsAt(reminder);
        const to = organization && (await repository.userEmail(tx, organization.createdBy));
        if (!organization || !ending || !to) continue;
        await outbox.enqueue(
          tx,
          publicationEndingEmail({
            to,
            organizationName: organization.name,
            endsAt: ending,
            publicUrl: options.publicUrl,
            supportEmail: options.supportEmail,
          }),
        );
        emailed = true;
      }
      return { expired, reminded: reminders.length };
    });
    if (emailed) fulfilment.emailQueued();
    if (result && (result.expired > 0 || result.reminded > 0)) {
      options.logger.info(result, 'subscription lapses applied');
    }
    return result;
  };
  return { name: 'subscription-lapses', run: () => runAt(new Date()), runAt };
}
