import type { FastifyBaseLogger } from 'fastify';
import type { NewsletterRepository } from './repository.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';

/** Forgets the addresses nobody confirmed within 7 days of their last link (ADR 033). */
export function newsletterExpiryJob(
  repository: NewsletterRepository,
  logger: FastifyBaseLogger,
): PeriodicJob & { runAt(now: Date): Promise<number> } {
  const runAt = async (now: Date) => {
    const removed = await repository.removeExpired(now);
    if (removed) logger.info({ removed }, 'unconfirmed newsletter addresses removed');
    return removed;
  };
  return { name: 'newsletter-expiry', run: () => runAt(new Date()), runAt };
}
