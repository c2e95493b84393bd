import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from './outbox-repository.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';

/**
 * A sent email's body holds its verification or reset link; once it has had this long to be
 * read it is only a risk (ADR 008). Subject, recipient and dates stay for an operator.
 */
export const SENT_BODY_RETENTION_DAYS = 7;
const BATCH_SIZE = 5_000;

/** Drops the bodies of emails sent more than a week ago; null when another process has it. */
export function sentEmailBodiesJob(
  outbox: OutboxRepository,
  logger: FastifyBaseLogger,
): PeriodicJob & { run(): Promise<number | null> } {
  const run = async () => {
    let total = 0;
    for (;;) {
      const dropped = await outbox.dropSentBodies(SENT_BODY_RETENTION_DAYS, BATCH_SIZE);
      if (dropped === null) return total === 0 ? null : total;
      total += dropped;
      if (dropped < BATCH_SIZE) break;
    }
    if (total > 0) logger.info({ dropped: total }, 'bodies of sent emails dropped');
    return total;
  };
  return { name: 'sent-email-bodies', run };
}
