import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { KeptPage, PageCache } from './page-cache.ts';
import { compressPageAgain } from './page-encoding.ts';

/** A page served this many times from memory is compressed again. */
const SERVES_BEFORE_RECOMPRESSING = 3;
/**
 * The share of one core the recompression may take on average, and how much it may spend at once
 * (ms): a directory written to every second changes its home pages faster than they are worth
 * compressing hard, and must not spend a core on it. The burst is short because the lane has most
 * to do just after a start, when every popular page qualifies at once: with a 30-second burst each
 * process spent a whole core for its first seconds, and two processes on two cores served half as
 * many kept pages (2,000/s against 4,400) until their lanes were done.
 */
const CPU_SHARE = 0.25;
const BURST_MS = 1_000;
/** Pages waiting for the lane, at most: a flood of popular pages is not held in memory twice. */
const WAITING_AT_MOST = 1_000;

export interface PageRecompressionOptions {
  pageCache: Pick<PageCache, 'resized' | 'holds'>;
  logger: FastifyBaseLogger;
}

/**
 * Compresses a kept page again, hard, once it has been served a few times: every later visitor
 * (and crawler) gets a fifth to a quarter fewer bytes. Off the main thread (zlib's pool,
 * page-encoding.ts), one page at a time in the order they qualified, within a CPU budget; a page
 * no longer kept by the time its turn comes (a newer version replaced it, or it was pushed out) is
 * passed over.
 */
export function createPageRecompression({ pageCache, logger }: PageRecompressionOptions) {
  const now = () => performance.now();
  const waiting = new Map<KeptPage, string>();
  let draining = false;
  let credit = BURST_MS;
  let creditAt = now();

  /** How long the lane rests before its next page to stay within its share of a core (ms). */
  function restBeforeNext(): number {
    const at = now();
    credit = Math.min(BURST_MS, credit + (at - creditAt) * CPU_SHARE);
    creditAt = at;
    return credit > 0 ? 0 : -credit / CPU_SHARE;
  }

  async function recompress(key: string, page: KeptPage) {
    const started = now();
    try {
      const hard = await compressPageAgain(page.brotli);
      if (hard.length < page.brotli.length) {
        page.brotli = hard;
        pageCache.resized(key, page);
      }
    } catch (error) {
      // The page goes on as it was; it is not tried again.
      logger.warn({ err: error, key }, 'a kept page could not be compressed again');
    } finally {
      page.compressedHard = true;
      credit -= now() - started;
    }
  }

  async function drain() {
    draining = true;
    try {
      for (const [page, key] of waiting) {
        waiting.delete(page);
        if (!pageCache.holds(key, page)) continue;
        const rest = restBeforeNext();
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest).unref());
        await recompress(key, page);
      }
    } finally {
      draining = false;
    }
  }

  return {
    /** `page` (kept under `key`) was served again from memory. */
    served(key: string, page: KeptPage) {
      page.served = (page.served ?? 0) + 1;
      if (page.compressedHard || page.served < SERVES_BEFORE_RECOMPRESSING) return;
      if (waiting.has(page) || waiting.size >= WAITING_AT_MOST) return;
      waiting.set(page, key);
      if (!draining) void drain();
    },
  };
}
