import { z } from 'zod';
import { booleanFlag } from './setting-kinds.ts';

/** The periodic jobs, and how profile insights are counted. */
export const jobSettings = {
  /** Guests without activity for this many days are deleted (unless they own data). */
  GUEST_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Whether this process runs the periodic jobs; off where they are run by hand (tests). */
  PERIODIC_JOBS: booleanFlag.default(true),
  /** How often the periodic jobs (guest purge, expired counters, subscription lapses, upload sweep) run. */
  JOBS_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60 * 60_000),
  /**
   * How often the share-cards job looks for profiles published or changed since, and draws their
   * link-preview cards ahead of the first fetch (ADR 026).
   */
  SHARE_CARDS_INTERVAL_MS: z.coerce.number().int().min(1000).default(10_000),

  /**
   * Profile insights (ADR 031): counts are held in memory and written this often (ms). What a
   * process holds when it is killed is lost, at most this much.
   */
  INSIGHTS_FLUSH_MS: z.coerce.number().int().min(100).default(5_000),
  /** Times one client address is counted per organization, metric and day (a flood is capped). */
  INSIGHTS_CLIENT_CAP: z.coerce.number().int().min(1).default(10),
  /** Counts one client address adds per minute across organizations (beyond: not counted). */
  INSIGHTS_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).default(2_000),
};
