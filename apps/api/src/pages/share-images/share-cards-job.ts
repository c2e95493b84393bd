import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CardRefresh } from './share-images.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';
import { backgroundTurns } from '../../http/visitor-traffic.ts';

/** One key for the whole product: whichever process takes it takes the next batch. */
const SHARE_CARDS_LOCK_KEY = 727274005;
/** Organizations taken at once. */
const BATCH_SIZE = 20;
/**
 * How long a taken row is the taker's: far longer than a batch takes to draw. A process that
 * dies holding rows leaves them to the next taker once this has passed, as a failed drawing
 * does (it is tried again then).
 */
const TAKEN_FOR_SECONDS = 5 * 60;
/**
 * The share of its process the job takes while visitors are served without a pause: a card not
 * drawn yet is drawn by the first request for it, so drawing ahead can wait (ADR 026). Its
 * drawing runs on libuv's threads, beside the main thread's answers: on two cores, 500 cards
 * drawn at full speed after a bulk publication took a fifth of the list's throughput.
 */
const SHARE_UNDER_LOAD = 0.1;

export interface ShareCardRun {
  drawn: number;
  /** Already stored (a request drew it first); older files removed. */
  kept: number;
  /** Unpublished or deleted: every stored card removed. */
  removed: number;
  /** Left queued, to be tried again once taken for TAKEN_FOR_SECONDS. */
  failed: number;
}

interface Taken {
  id: string;
  change: number;
}

/**
 * Draws ahead the share cards of profiles that were published or changed, and removes those of
 * profiles unpublished or deleted, from share_card_queue (filled by a trigger: ADR 026). A batch
 * is taken under an advisory lock, taken without waiting, and marked taken for a while, so one
 * process draws each card however many run; a row is deleted after its card is done only if no
 * change came since it was taken. Returns null when another process was taking a batch.
 */
export function shareCardsJob(options: {
  db: Database;
  cards: { refresh(organizationId: string): Promise<CardRefresh> };
  /** The process is serving visitors (VisitorTraffic): the job then takes a small share of it. */
  busy(): boolean;
  logger: FastifyBaseLogger;
}): PeriodicJob & { run(): Promise<ShareCardRun | null> } {
  const { db, cards, logger } = options;

  const take = () =>
    db.transaction(async (tx): Promise<Taken[] | null> => {
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${SHARE_CARDS_LOCK_KEY}) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (!lock.rows[0]?.locked) return null;
      const taken = (await tx.execute(sql`
        update share_card_queue set taken_until = now() + make_interval(secs => ${TAKEN_FOR_SECONDS})
        where organization_id in (
          select organization_id from share_card_queue
          where taken_until is null or taken_until < now()
          order by change limit ${BATCH_SIZE}
          for update skip locked)
        returning organization_id as id, change`)) as unknown as {
        rows: { id: string; change: string | number }[];
      };
      return taken.rows.map((row) => ({ id: row.id, change: Number(row.change) }));
    });

  const run = async (): Promise<ShareCardRun | null> => {
    const result: ShareCardRun = { drawn: 0, kept: 0, removed: 0, failed: 0 };
    const turn = backgroundTurns(options, SHARE_UNDER_LOAD);
    for (let first = true; ; first = false) {
      const batch = await take();
      if (batch === null) {
        if (first) return null;
        break;
      }
      if (batch.length === 0) break;
      for (const { id, change } of batch) {
        await turn();
        try {
          result[await cards.refresh(id)] += 1;
          // One row a statement: no two transactions ever wait on each other's queue rows.
          await db.execute(
            sql`delete from share_card_queue where organization_id = ${id} and change = ${change}`,
          );
        } catch (error) {
          result.failed += 1;
          logger.warn({ err: error, organization: id }, 'share card not drawn; tried again later');
        }
      }
    }
    if (result.drawn + result.removed + result.failed > 0) {
      logger.info(result, 'share cards drawn ahead');
    }
    return result;
  };
  return { name: 'share-cards', run };
}
