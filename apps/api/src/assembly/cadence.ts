import type { ModuleContext } from './context.ts';

/** The cadence most periodic jobs share: every JOBS_INTERVAL_MS. */
export const everyJobsInterval = ({ config }: ModuleContext) => ({
  everyMs: config.JOBS_INTERVAL_MS,
});
