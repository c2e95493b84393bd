import type { FastifyBaseLogger } from 'fastify';
import { alertCodes } from '../metrics/alert-codes.ts';

export interface PeriodicJob {
  name: string;
  /** Resolves with null when another process holds the job's lock and this run did nothing. */
  run(): Promise<unknown>;
}

/** How a run ended, as GET /metrics counts it. */
export type JobOutcome = 'done' | 'skipped' | 'failed';

/**
 * Runs each job every `intervalMs` (first run after `firstAfterMs`, by default shortly after
 * start). A job that is still running is not started again; failures are logged and retried at
 * the next tick.
 */
export function startJobs(
  jobs: PeriodicJob[],
  intervalMs: number,
  logger: FastifyBaseLogger,
  onRun: (job: string, outcome: JobOutcome) => void = () => {},
  firstAfterMs = Math.min(intervalMs, 30_000),
) {
  const running = new Set<string>();
  const tick = () => {
    for (const job of jobs) {
      if (running.has(job.name)) continue;
      running.add(job.name);
      job
        .run()
        .then(
          (result) => onRun(job.name, result === null ? 'skipped' : 'done'),
          (error: unknown) => {
            onRun(job.name, 'failed');
            logger.error({ err: error, job: job.name, code: alertCodes.jobFailed }, 'job failed');
          },
        )
        .finally(() => running.delete(job.name));
    }
  };
  const first = setTimeout(tick, firstAfterMs);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
