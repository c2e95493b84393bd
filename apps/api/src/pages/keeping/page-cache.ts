import { LRUCache } from 'lru-cache';

/** A rendered page as it goes out: compressed once, the other encodings made when first asked. */
export interface KeptPage {
  /** What the page was rendered from (ADR 027): served only while that is still current. */
  dependsOn: string;
  status: number;
  etag: string;
  cacheControl: string;
  brotli: Buffer;
  gzip?: Buffer;
  /** The organizations a directory page lists: an impression each time it is served (ADR 031). */
  shows?: readonly string[];
  /** Times served from memory, and whether `brotli` is compressed hard (page-recompression.ts). */
  served?: number;
  compressedHard?: boolean;
}

export interface PageCacheOptions {
  /** Bytes of compressed pages held, both segments together. */
  maxBytes: number;
}

/** A fifth of the budget for pages asked once; the rest for pages asked again. */
const PROBATION_SHARE = 0.2;

const sizeOf = (page: KeptPage) => page.brotli.length + (page.gzip?.length ?? 0) + 200;

/**
 * Rendered public pages by URL, within a byte budget, in two segments: a page enters the small
 * probation segment and moves to the protected one when it is asked for again. A flood of URLs
 * asked once each (a crawler's first pass, junk query strings) churns probation only, and the
 * pages visitors come back to stay. Renders of the same page at the same time share one.
 */
export function createPageCache({ maxBytes }: PageCacheOptions) {
  const probationBytes = Math.max(1, Math.floor(maxBytes * PROBATION_SHARE));
  const probation = new LRUCache<string, KeptPage>({
    maxSize: probationBytes,
    sizeCalculation: sizeOf,
  });
  const protectedPages = new LRUCache<string, KeptPage>({
    maxSize: Math.max(1, maxBytes - probationBytes),
    sizeCalculation: sizeOf,
  });
  const rendering = new Map<string, Promise<KeptPage | null>>();
  let hits = 0;
  let misses = 0;
  let renders = 0;

  function find(key: string): KeptPage | undefined {
    const kept = protectedPages.get(key);
    if (kept) return kept;
    const once = probation.get(key);
    if (!once) return undefined;
    probation.delete(key);
    protectedPages.set(key, once);
    return once;
  }

  return {
    /**
     * The page kept under `key` if it was rendered from `dependsOn`; otherwise `render()` runs
     * (once for every caller asking meanwhile) and what it gives is kept. Null from `render`:
     * a page not to keep (a redirect, an incomplete render), which each caller renders itself.
     */
    async get(
      key: string,
      dependsOn: string,
      render: () => Promise<KeptPage | null>,
    ): Promise<KeptPage | null> {
      const kept = find(key);
      if (kept?.dependsOn === dependsOn) {
        hits += 1;
        return kept;
      }
      misses += 1;
      const flight = `${dependsOn} ${key}`;
      let pending = rendering.get(flight);
      if (!pending) {
        pending = render().finally(() => rendering.delete(flight));
        rendering.set(flight, pending);
        const page = await pending;
        if (page) this.keep(key, page);
        return page;
      }
      return pending;
    },

    /** Keeps `page` under `key`, replacing an older rendering where that was. */
    keep(key: string, page: KeptPage) {
      if (protectedPages.has(key)) protectedPages.set(key, page);
      else probation.set(key, page);
    },

    /** Whether `page` is what is kept under `key` now. */
    holds(key: string, page: KeptPage): boolean {
      return protectedPages.peek(key) === page || probation.peek(key) === page;
    },

    /** `page` changed size (another encoding added, or compressed again): counted again if still kept. */
    resized(key: string, page: KeptPage) {
      if (protectedPages.peek(key) === page) protectedPages.set(key, page);
      else if (probation.peek(key) === page) probation.set(key, page);
    },

    /** Every server render counts, kept or not (404 pages, redirects, incomplete pages). */
    rendered() {
      renders += 1;
    },

    /** For GET /metrics. */
    stats() {
      return {
        bytes: probation.calculatedSize + protectedPages.calculatedSize,
        pages: probation.size + protectedPages.size,
        hits,
        misses,
        renders,
      };
    },
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
