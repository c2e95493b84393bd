import type { FastifyBaseLogger } from 'fastify';
import type { AccountRepository } from './repository.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';

const BATCH_SIZE = 5_000;

/** Deletes guests idle for `retentionDays` (docs/product.md#payments-and-subscriptions: crawlers must not fill the user table). */
export function guestPurgeJob(
  accounts: AccountRepository,
  retentionDays: number,
  logger: FastifyBaseLogger,
): PeriodicJob & { runAt(now: Date): Promise<number | null> } {
  const runAt = async (now: Date) => {
    const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
    let total = 0;
    for (;;) {
      const removed = await accounts.purgeIdleGuests(cutoff, BATCH_SIZE);
      if (removed === null) return total === 0 ? null : total;
      total += removed;
      if (removed < BATCH_SIZE) break;
    }
    if (total > 0) logger.info({ removed: total }, 'idle guests purged');
    return total;
  };
  return { name: 'guest-purge', run: () => runAt(new Date()), runAt };
}
