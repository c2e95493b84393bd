import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from './context.ts';

/**
 * What runs beside the requests, started once the app is ready and stopped when it closes: the
 * email relay, the insights' counts' writes, and the modules' periodic jobs (PERIODIC_JOBS).
 */
export function registerBackgroundWork(
  app: FastifyInstance,
  context: ModuleContext,
  { counts }: { counts: { start(): void; stop(): Promise<void> } },
) {
  let stopJobs = () => {};
  app.addHook('onReady', async () => {
    context.relay.start();
    counts.start();
    if (context.config.PERIODIC_JOBS) {
      stopJobs = context.jobs.start(app.log, context.metrics?.jobRan);
    }
  });
  app.addHook('onClose', async () => {
    stopJobs();
    await context.relay.stop();
    await counts.stop();
  });
}
