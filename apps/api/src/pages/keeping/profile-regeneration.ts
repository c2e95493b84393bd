import type { FastifyBaseLogger } from 'fastify';
import { untilQuiet } from '../../http/visitor-traffic.ts';
import { alertCodes } from '../../metrics/alert-codes.ts';

/** Profiles read at once, in id order. */
const BATCH_SIZE = 500;
/**
 * Pages rendered at once: a render waits on the database part of the time, and one at a time
 * left the process half idle.
 */
const RENDERS_AT_ONCE = 3;

/** What became of one profile's page. */
export type Regeneration =
  /** Stored already, for the profile as it is now. */
  | 'stored'
  /** Rendered and stored now. */
  | 'rendered'
  /** Another process of the host is rendering it. */
  | 'claimed'
  /** No longer published, or rendered without some of its data: not stored. */
  | 'skipped';

export interface RegenerationRun extends Record<Regeneration, number> {
  failed: number;
}

/**
 * Walks every published profile in id order and renders the page of each that its host has not
 * stored for the profile as it is now (after a change, a deploy, a restore, or a bulk import),
 * one page at a time and only while the process serves no request: visitors never wait behind
 * it, and a crawler then meets stored pages (ADR 030). Every process walks: a render is claimed
 * on the host's disk, so no two render the same page, and the host's pages fill faster.
 */
export function profileRegenerationJob(options: {
  versionsAfter(afterId: string | null, limit: number): Promise<{ id: string; version: string }[]>;
  /** Stores the profile's page unless it is stored; `whenIdle` before it renders. */
  regenerate(id: string, version: string, whenIdle: () => Promise<void>): Promise<Regeneration>;
  /** The process is serving visitors (VisitorTraffic). */
  busy(): boolean;
  logger: FastifyBaseLogger;
}): { name: string; run(): Promise<RegenerationRun> } {
  const { versionsAfter, regenerate, busy, logger } = options;
  const whenIdle = () => untilQuiet({ busy });
  return {
    name: 'profile-pages',
    async run() {
      const run: RegenerationRun = { stored: 0, rendered: 0, claimed: 0, skipped: 0, failed: 0 };
      for (let after: string | null = null; ;) {
        const batch = await versionsAfter(after, BATCH_SIZE);
        let next = 0;
        const walker = async () => {
          while (next < batch.length) {
            const { id, version } = batch[next++]!;
            try {
              run[await regenerate(id, version, whenIdle)] += 1;
            } catch (error) {
              run.failed += 1;
              logger.error(
                { err: error, organizationId: id, code: alertCodes.serverRenderFailed },
                'profile page regeneration failed',
              );
            }
          }
        };
        await Promise.all(Array.from({ length: RENDERS_AT_ONCE }, walker));
        if (batch.length < BATCH_SIZE) break;
        after = batch.at(-1)!.id;
      }
      if (run.rendered || run.failed) logger.info({ ...run }, 'profile pages regenerated');
      return run;
    },
  };
}

export type ProfileRegenerationJob = ReturnType<typeof profileRegenerationJob>;
