import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { KeptPage, PageCache } from './page-cache.ts';
import { compressPage, pageEncoding, recodePage, type PageEncoding } from './page-encoding.ts';
import { createPageRecompression } from './page-recompression.ts';
import type { PageStore } from './page-store.ts';
import type { Regeneration } from './profile-regeneration.ts';

/** A weak tag (the same page goes out brotli, gzip or plain) of everything the page is made from. */
function pageTag(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** A stored profile page's file name: its entity tag, which names everything it was made from. */
const storedName = (etag: string) => etag.slice(3, -1);

/** Where a page served came from: this process's memory, the host's disk, or a render now. */
export type PageSource = 'kept' | 'stored' | 'rendered';

/** A page to serve kept: what it is kept under and made from, and how to render it. */
export interface PageToKeep {
  key: string;
  /** What the page shows is made from (ADR 027): a kept copy is served while this holds. */
  dependsOn: string;
  cacheControl: string;
  /** A profile's id: its page is stored on the host's disk too (ADR 030). */
  storedAs?: string;
  /** The organizations the page lists, filled by its render (their impressions, ADR 031). */
  shows?: readonly string[];
  /** The page's HTML rendered now; null when the render is not to be kept (its caller sends it). */
  render(): Promise<string | null>;
}

export interface PageKeepingOptions {
  pageCache: PageCache;
  pageStore: PageStore;
  /** What every page is made from besides its data: the build, the address, the settings. */
  renderedFrom: string;
  logger: FastifyBaseLogger;
}

/**
 * Rendered pages kept and served again (ADR 027, ADR 030): in this process's memory while what
 * they were made from holds, profiles' pages on the host's disk too, compressed hard once served
 * again, and stored ahead by the regeneration while the process is idle.
 */
export function createPageKeeping(options: PageKeepingOptions) {
  const { pageCache, pageStore, renderedFrom, logger } = options;
  const recompression = createPageRecompression({ pageCache, logger });
  /**
   * What each profile's stored page was made from, as far as this process has seen it stored (the
   * build is this process's own): the regeneration walks past these without reading their files.
   */
  const knownStored = new Map<string, string>();

  /** A stored page, or null (not stored, or the disk failed: the page is rendered instead). */
  async function readStored(log: FastifyBaseLogger, id: string, name: string) {
    try {
      return await pageStore.read(id, name);
    } catch (error) {
      log.error({ err: error, organizationId: id }, 'a stored page could not be read');
      return null;
    }
  }

  return {
    /**
     * The page kept under `key` while `dependsOn` holds, else read from the disk or rendered now
     * (once, however many ask together) and kept. Null: the render was not to be kept.
     */
    async find(
      page: PageToKeep,
      log: FastifyBaseLogger,
    ): Promise<{ kept: KeptPage; source: PageSource } | null> {
      let source: PageSource = 'kept';
      // Made once, and only for a page not kept: a kept one carries its own (a hash per request
      // was 3 % of serving a kept page).
      let tag: string | undefined;
      const etag = () => (tag ??= pageTag(renderedFrom, page.key, page.dependsOn));
      const keptPage = (brotli: Buffer): KeptPage => ({
        dependsOn: page.dependsOn,
        status: 200,
        etag: etag(),
        cacheControl: page.cacheControl,
        brotli,
        shows: page.shows,
      });
      const renderToKeep = async (): Promise<KeptPage | null> => {
        if (page.storedAs) {
          const stored = await readStored(log, page.storedAs, storedName(etag()));
          if (stored) {
            source = 'stored';
            return keptPage(stored);
          }
        }
        source = 'rendered';
        const html = await page.render();
        if (html === null) return null;
        const brotli = compressPage(html, 'request');
        if (page.storedAs) {
          pageStore.write(page.storedAs, storedName(etag()), brotli).catch((error: unknown) => {
            log.error({ err: error, key: page.key }, 'a rendered page could not be stored');
          });
        }
        return keptPage(brotli);
      };
      let kept = await pageCache.get(page.key, page.dependsOn, renderToKeep);
      // Another request's render was not kept: this one renders for itself.
      if (!kept && source === 'kept') kept = await renderToKeep();
      if (!kept) return null;
      if (source === 'kept') recompression.served(page.key, kept);
      return { kept, source };
    },

    /** A kept page's bytes in the encoding the client accepts (its gzip made once, and kept). */
    async encoded(
      key: string,
      kept: KeptPage,
      acceptEncoding: string | undefined,
    ): Promise<{ encoding: PageEncoding; body: Buffer }> {
      const encoding = pageEncoding(acceptEncoding);
      if (encoding === 'br') return { encoding, body: kept.brotli };
      if (encoding === 'gzip') {
        if (!kept.gzip) {
          kept.gzip = await recodePage(kept.brotli, 'gzip');
          pageCache.resized(key, kept);
        }
        return { encoding, body: kept.gzip };
      }
      return { encoding, body: await recodePage(kept.brotli, 'identity') };
    },

    /**
     * Stores a published profile's page for `dependsOn` unless it is stored (the regeneration
     * job): rendered as a request would render it, but not kept in memory, where it would push
     * out the pages visitors ask for.
     */
    async regenerate(
      page: Pick<PageToKeep, 'key' | 'dependsOn' | 'render'> & { storedAs: string },
      whenIdle: () => Promise<void>,
    ): Promise<Regeneration> {
      const { key, dependsOn, storedAs: id } = page;
      // Known stored since this process last looked: a walk over unchanged profiles touches no file.
      if (knownStored.get(id) === dependsOn) return 'stored';
      const name = storedName(pageTag(renderedFrom, key, dependsOn));
      const stored = async () => {
        if (!(await pageStore.has(id, name))) return false;
        knownStored.set(id, dependsOn);
        return true;
      };
      // Reading files (on a first walk, 100,000 of them) waits for a moment without requests too.
      await whenIdle();
      if (await stored()) return 'stored';
      const release = await pageStore.claim(id);
      if (!release) return 'claimed';
      try {
        // Stored meanwhile by a request (or another process that has released its claim).
        if (await stored()) return 'stored';
        const html = await page.render();
        if (html === null) {
          knownStored.delete(id);
          return 'skipped';
        }
        await pageStore.write(id, name, compressPage(html, 'background'));
        knownStored.set(id, dependsOn);
        return 'rendered';
      } finally {
        await release();
      }
    },
  };
}

export type PageKeeping = ReturnType<typeof createPageKeeping>;
