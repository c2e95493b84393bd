import type { FastifyInstance } from 'fastify';
import type { Tally } from '../modules/insights/tally.ts';
import type { ModuleContext } from './context.ts';

/**
 * What runs beside the requests, started once the app is ready and stopped when it closes: the
 * email relay, the insights tally's writes, and the modules' periodic jobs (PERIODIC_JOBS).
 */
export function registerBackgroundWork(
  app: FastifyInstance,
  context: ModuleContext,
  { tally }: { tally: Tally },
) {
  let stopJobs = () => {};
  app.addHook('onReady', async () => {
    context.relay.start();
    tally.start();
    if (context.config.PERIODIC_JOBS) {
      stopJobs = context.jobs.start(app.log, context.metrics?.jobRan);
    }
  });
  app.addHook('onClose', async () => {
    stopJobs();
    await context.relay.stop();
    await tally.stop();
  });
}
