import type { FastifyBaseLogger } from 'fastify';
import { SENDING_DAYS, type DigestSender } from './digest-sender.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';

/**
 * Queues last month's digest to every confirmed subscriber in the month's first days (as the
 * summaries): however many processes run it, and wherever one stopped, each gets the month's
 * digest once (ADR 033). A month an operator sent early is done already (ADR 037); nothing goes
 * out for a month that published nobody.
 */
export function newsletterDigestJob(options: {
  sender: DigestSender;
  logger: FastifyBaseLogger;
}): PeriodicJob & { runAt(now: Date): Promise<number> } {
  const runAt = async (now: Date) => {
    if (now.getUTCDate() > SENDING_DAYS) return 0;
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const { month, queued } = await options.sender.run(monthStart, now);
    if (queued > 0) options.logger.info({ queued, month }, 'newsletter digest queued');
    return queued;
  };
  return { name: 'newsletter-digest', run: () => runAt(new Date()), runAt };
}
