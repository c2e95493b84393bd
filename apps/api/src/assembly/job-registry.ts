import type { FastifyBaseLogger } from 'fastify';
import type { AlertRunResult } from '../modules/saved-searches/alerts-job.ts';
import { startJobs, type JobOutcome, type PeriodicJob } from '../jobs/scheduler.ts';
import type { ShareCardRun } from '../pages/share-images/share-cards-job.ts';
import type { LapseRun } from '../modules/payments/lapses-job.ts';
import type { UploadSweepRun } from '../modules/organization-images/upload-sweep-job.ts';
import type { RegenerationRun } from '../pages/keeping/index.ts';
import type { WebhookRun } from '../modules/webhooks/sender.ts';

/** The periodic jobs, callable directly (tests, operators' commands): `app.jobs`. */
export interface AppJobs {
  purgeGuests(now: Date): Promise<number | null>;
  applyLapses(now: Date): Promise<LapseRun | null>;
  /** Drops the bodies of emails sent over a week ago; null when another process has it. */
  dropSentEmailBodies(): Promise<number | null>;
  sweepUploads(now: Date): Promise<UploadSweepRun | null>;
  /** Rolls up by month the daily insight counts older than 13 months; null: another process has it. */
  rollUpInsights(now: Date): Promise<number | null>;
  /** Queues last month's insights summaries (in a month's first 7 days); how many. */
  sendInsightsSummaries(now: Date): Promise<number>;
  /** Queues last month's newsletter digest (in a month's first 7 days); how many here. */
  sendNewsletterDigest(now: Date): Promise<number>;
  /** Removes newsletter addresses left unconfirmed 7 days; how many. */
  expireNewsletterAddresses(now: Date): Promise<number>;
  /**
   * Works out the saved searches' alerts due at `now` (of the account at `onlyTo`, if given)
   * and queues those with news (ADR 034).
   */
  sendSavedSearchAlerts(now: Date, onlyTo?: string): Promise<AlertRunResult>;
  /** Draws ahead (or removes) the share cards of profiles changed since; null: another process has it. */
  drawShareCards(): Promise<ShareCardRun | null>;
  /** Stores the pages of published profiles not stored yet; null when pages are not rendered here. */
  regenerateProfilePages(): Promise<RegenerationRun | null>;
  /** Sends the webhook deliveries due at `now` (ADR 056); any process may, each claims its own. */
  sendWebhooks(now: Date): Promise<WebhookRun>;
  /** Queues `role.closed` for the roles whose closing date passed before `now`'s day; how many. */
  announceExpiredRoles(now: Date): Promise<number>;
}

/** How often a job runs: every `everyMs`, the first time `firstAfterMs` after start. */
interface Cadence {
  everyMs: number;
  firstAfterMs?: number;
}

/**
 * Where modules put their periodic jobs while the app is built: each job runs on its cadence
 * once the app is ready (when PERIODIC_JOBS is on), and each is named in `app.jobs`.
 */
export function createJobRegistry() {
  const scheduled: { job: PeriodicJob; cadence: Cadence }[] = [];
  const exposed: Partial<AppJobs> = {};

  return {
    /** Runs `job` on `cadence` and names its run in `app.jobs`. */
    add<K extends keyof AppJobs>(name: K, job: PeriodicJob, run: AppJobs[K], cadence: Cadence) {
      scheduled.push({ job, cadence });
      exposed[name] = run;
    },
    /** Names in `app.jobs` a run that is not scheduled here. */
    expose<K extends keyof AppJobs>(name: K, run: AppJobs[K]) {
      exposed[name] = run;
    },
    /** Everything added, as `app.jobs`; every job of AppJobs must have been added. */
    named(): AppJobs {
      return exposed as AppJobs;
    },
    /** Starts the jobs, one timer per cadence; returns how to stop them. */
    start(logger: FastifyBaseLogger, onRun?: (job: string, outcome: JobOutcome) => void) {
      const byCadence = new Map<string, { cadence: Cadence; jobs: PeriodicJob[] }>();
      for (const { job, cadence } of scheduled) {
        const key = `${cadence.everyMs}:${cadence.firstAfterMs ?? ''}`;
        const group = byCadence.get(key) ?? { cadence, jobs: [] };
        group.jobs.push(job);
        byCadence.set(key, group);
      }
      const stops = [...byCadence.values()].map(({ cadence, jobs }) =>
        startJobs(jobs, cadence.everyMs, logger, onRun, cadence.firstAfterMs),
      );
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}

export type JobRegistry = ReturnType<typeof createJobRegistry>;
