import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { InsightAudience, InsightMetric } from '@si/contracts';
import { DAY_MS, dayOf } from './days.ts';

/** A count to add to one day of what is counted: an organization, or one of its roles. */
export interface CountRow<Metric extends string = InsightMetric> {
  /** The organization's id, or the role's for role counts. */
  id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  metric: Metric;
  audience: InsightAudience;
  count: number;
}

export interface TallyOptions<Metric extends string = InsightMetric> {
  /** Adds the rows to the database (each row's count to what its day holds). */
  write(rows: CountRow<Metric>[]): Promise<void>;
  flushEveryMs: number;
  /**
   * How many times one client is counted per organization, metric and day in this process: a
   * flood of views from one address adds this much and no more.
   */
  perClientCap: number;
  /**
   * How many counts one client adds per minute in this process, across organizations (a crawler
   * paging through the whole directory); beyond it, its requests are answered but not counted.
   */
  perClientPerMinute: number;
  logger: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * Rows a statement writes. A crawler's five seconds of directory pages count tens of thousands
 * of rows; in one statement the embedded database held every request behind it for a quarter of
 * a second (ADR 031), in parts of this size requests are answered between them.
 */
const ROWS_PER_WRITE = 500;
/** Clients remembered for the cap; a flood from more addresses than this is not capped. */
const CLIENTS_REMEMBERED = 100_000;

/**
 * Counts held in memory and written every few seconds, ROWS_PER_WRITE rows a statement (ADR 031):
 * a directory answer adds a few map entries and touches no database. What a process holds when
 * it is killed is lost (at most `flushEveryMs` of counts); rows whose write fails are kept for
 * the next one.
 */
export function createTally<Metric extends string = InsightMetric>(options: TallyOptions<Metric>) {
  const now = options.now ?? (() => new Date());
  let pending = new Map<string, CountRow<Metric>>();
  /** Times counted by client, id, metric and day: a holder, so a repeat is one lookup. */
  const counted = new LRUCache<string, { times: number }>({ max: CLIENTS_REMEMBERED });
  const lastMinute = new LRUCache<string, { minute: number; count: number }>({
    max: CLIENTS_REMEMBERED,
  });

  /** Whether the client may add `wanted` more counts this minute (and takes them if so). */
  function withinRate(client: string, wanted: number, at: Date): boolean {
    const minute = Math.floor(at.getTime() / 60_000);
    const seen = lastMinute.get(client);
    const used = seen?.minute === minute ? seen.count : 0;
    if (used + wanted > options.perClientPerMinute) return false;
    lastMinute.set(client, { minute, count: used + wanted });
    return true;
  }
  let flushing: Promise<void> | null = null;

  /** The UTC day of `at`, written once a day rather than once a request. */
  let today = { day: '', from: 0, until: 0 };
  function dayAt(at: Date): string {
    const time = at.getTime();
    if (time < today.from || time >= today.until) {
      const from = Math.floor(time / DAY_MS) * DAY_MS;
      today = { day: dayOf(at), from, until: from + DAY_MS };
    }
    return today.day;
  }

  function add(client: string, ids: readonly string[], metric: Metric, audience: InsightAudience) {
    const at = now();
    if (!withinRate(client, ids.length, at)) return;
    const day = dayAt(at);
    for (const id of ids) {
      const capKey = `${day} ${metric} ${id} ${client}`;
      const seen = counted.get(capKey);
      if ((seen?.times ?? 0) >= options.perClientCap) continue;
      if (seen) seen.times += 1;
      else counted.set(capKey, { times: 1 });
      const key = `${day} ${metric} ${audience} ${id}`;
      const row = pending.get(key);
      if (row) row.count += 1;
      else pending.set(key, { id, day, metric, audience, count: 1 });
    }
  }

  async function writePending() {
    if (pending.size === 0) return;
    const taken = [...pending];
    pending = new Map();
    for (let first = 0; first < taken.length; first += ROWS_PER_WRITE) {
      const part = taken.slice(first, first + ROWS_PER_WRITE);
      try {
        await options.write(part.map(([, row]) => row));
      } catch (error) {
        // Kept, added to what came meanwhile, and written with the next batch.
        const unwritten = taken.slice(first);
        for (const [key, row] of unwritten) {
          const later = pending.get(key);
          if (later) later.count += row.count;
          else pending.set(key, row);
        }
        options.logger.error(
          { err: error, rows: unwritten.length },
          'insight counts not written yet',
        );
        return;
      }
    }
  }

  /** Writes what is held now (one write at a time). */
  async function flush(): Promise<void> {
    while (flushing) await flushing;
    flushing = writePending().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    add,
    flush,
    start() {
      timer ??= setInterval(() => void flush(), options.flushEveryMs);
      timer.unref();
    },
    /** Stops the timer and writes what is held. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
}
export type Tally<Metric extends string = InsightMetric> = ReturnType<typeof createTally<Metric>>;
