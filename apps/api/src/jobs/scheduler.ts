import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  name: string;
  run(): Promise<unknown>;
}

/**
 * Runs each job every `intervalMs` (first run shortly after start). A job that is still running
 * is not started again; failures are logged and retried at the next tick.
 */
export function startJobs(jobs: PeriodicJob[], intervalMs: number, logger: FastifyBaseLogger) {
  const running = new Set<string>();
  const tick = () => {
    for (const job of jobs) {
      if (running.has(job.name)) continue;
      running.add(job.name);
      job
        .run()
        .catch((error: unknown) => logger.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => running.delete(job.name));
    }
  };
  const first = setTimeout(tick, Math.min(intervalMs, 30_000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
