import type { RoleMetric } from '@si/contracts';
import { unsubscribeTokens } from '../../adapters/email/unsubscribe-tokens.ts';
import { everyJobsInterval } from '../../assembly/cadence.ts';
import { mailOptions, type ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import { createInsightsRepository } from './repository.ts';
import { createRoleCountsRepository } from './role-counts-repository.ts';
import { insightsRollupJob } from './rollup-job.ts';
import { insightsRoutes } from './routes.ts';
import { createInsightsService, type InsightsServiceOptions } from './service.ts';
import { insightsSummariesJob } from './summaries-job.ts';
import { createTally } from './tally.ts';

/**
 * What profiles earn (ADR 031): views, impressions, clicks, shares and embeds (ADR 052) counted in
 * memory and written every INSIGHTS_FLUSH_MS (and each open role's views and Apply clicks, ADR 042), the owner's figures, and the monthly summary email.
 */
export function insightsModule(
  context: ModuleContext,
  { userOf, isOperator }: Pick<InsightsServiceOptions, 'userOf' | 'isOperator'>,
) {
  const { config, db, log } = context;
  const repository = createInsightsRepository(db);
  const tokens = unsubscribeTokens(context.secret, 'insights-monthly-email');
  const limits = {
    flushEveryMs: config.INSIGHTS_FLUSH_MS,
    perClientCap: config.INSIGHTS_CLIENT_CAP,
    perClientPerMinute: config.INSIGHTS_CLIENT_PER_MINUTE,
    logger: log,
  };
  const tally = createTally({ write: repository.add, ...limits });
  const roleCounts = createRoleCountsRepository(db);
  const roleTally = createTally<RoleMetric>({ write: roleCounts.add, ...limits });
  const tallies = [tally, roleTally];
  /** Both tallies' writes, started, stopped and flushed together. */
  const counts = {
    start: () => tallies.forEach((each) => each.start()),
    stop: async () => {
      await Promise.all(tallies.map((each) => each.stop()));
    },
    flush: async () => {
      await Promise.all(tallies.map((each) => each.flush()));
    },
  };
  const service = createInsightsService({
    repository,
    tally,
    roleTally,
    roleCounts,
    userOf,
    isOperator,
    tokens,
    onCountError: (error) => log.error({ err: error }, 'a count could not be attributed'),
  });
  const rollup = insightsRollupJob(repository, log);
  context.jobs.add('rollUpInsights', rollup, rollup.runAt, everyJobsInterval(context));
  const summaries = insightsSummariesJob({
    db,
    repository,
    tokens,
    ...mailOptions(context),
    logger: log,
  });
  context.jobs.add('sendInsightsSummaries', summaries, summaries.runAt, everyJobsInterval(context));
  return { service, counts, routes: routesOf(insightsRoutes, { insights: service }) };
}
