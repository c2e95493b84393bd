import type { FastifyBaseLogger } from 'fastify';
import type { InsightsRepository } from './repository.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';

/** Daily counts are kept this many months; older ones are rolled up by month (ADR 031). */
export const DAILY_MONTHS_KEPT = 13;

/** The first day (UTC) whose daily counts are still kept at `now`. */
export function dailyKeptFrom(now: Date): string {
  const kept = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - DAILY_MONTHS_KEPT, now.getUTCDate()),
  );
  return kept.toISOString().slice(0, 10);
}

/** Rolls up, by month, the daily insight counts older than 13 months. */
export function insightsRollupJob(
  repository: InsightsRepository,
  logger: FastifyBaseLogger,
): PeriodicJob & { runAt(now: Date): Promise<number | null> } {
  const runAt = async (now: Date) => {
    const moved = await repository.rollUp(dailyKeptFrom(now));
    if (moved) logger.info({ rows: moved }, 'daily insight counts rolled up by month');
    return moved;
  };
  return { name: 'insights-rollup', run: () => runAt(new Date()), runAt };
}
