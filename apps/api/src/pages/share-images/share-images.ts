import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  ALL_COUNTRIES_CODE,
  COMPANY_PROPERTIES_GROUP_ID,
  DEFAULT_CATEGORY_ID,
  OrganizationId,
  type Category,
} from '@si/contracts';
import { keyOfUrl, type StorageBackend } from '../../adapters/storage/storage.ts';
import type { OrganizationRepository } from '../../modules/organizations/repository.ts';
import type { ReferenceService } from '../../modules/reference/service.ts';
import { drawShareCard, type ShareCardContent } from './share-card.ts';

/** Goes up when the drawing (or its encoding) changes, so cached cards and crawlers' ETags are replaced. */
const DESIGN_REVISION = 2;

/** Logos are drawn at 172 px: the 256 px variant is read when there is one. */
const LOGO_WIDTH = 256;
/** No stored image is larger than this; anything bigger is not read. */
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/**
 * Cards drawn at the same time. Drawing runs on libuv's thread pool (4 threads by default),
 * which file reads and hashing share: a crawler asking for many cold cards at once must not take
 * all of it.
 */
const DRAWINGS_AT_ONCE = 2;

/** Runs at most `max` tasks at a time; the others wait their turn, first come first served. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < max) running += 1;
    // A finishing task hands its place over directly, so no newcomer can slip in between.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** What a card shows, without the image files: it names the card (its ETag) before any is read. */
type CardSource = Omit<ShareCardContent, 'logo' | 'banner'> & {
  logoUrl: string | null;
  bannerUrl: string | null;
};

export interface ShareImagesOptions {
  organizations: Pick<OrganizationRepository, 'findById'>;
  reference: Pick<ReferenceService, 'snapshot'>;
  storage: Pick<StorageBackend, 'read'>;
  /** Written on the card (PUBLIC_URL's host). */
  host: string;
  log: FastifyBaseLogger;
  /** Bytes of PNG kept in memory. */
  maxBytes?: number;
  /** Tests count the drawings. */
  draw?: (content: ShareCardContent) => Promise<Buffer>;
}

export interface ShareImage {
  /** Strong ETag of this version of the card, known before it is drawn. */
  etag: string;
  png(): Promise<Buffer>;
}

/**
 * Published profiles' share cards, drawn on first request and kept in an LRU keyed by the
 * organization and a hash of everything the card shows, so an edit (name, place, categories,
 * logo, banner) names a new card and the old one just ages out. Concurrent requests for a card
 * not drawn yet wait for one drawing (lru-cache's fetch).
 */
export function createShareImages(options: ShareImagesOptions) {
  const draw = options.draw ?? drawShareCard;
  const inTurn = limiter(DRAWINGS_AT_ONCE);

  async function readImage(url: string | null, width?: number): Promise<Buffer | null> {
    const key = url ? keyOfUrl(url) : null;
    if (!key) return null;
    const sized = width ? key.replace(/-\d+w\.webp$/, `-${width}w.webp`) : key;
    for (const candidate of new Set([sized, key])) {
      try {
        const found = await options.storage.read(candidate);
        if (!found) continue;
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of found.body) {
          size += (chunk as Buffer).length;
          if (size > MAX_IMAGE_BYTES) {
            found.body.destroy();
            return null;
          }
          chunks.push(chunk as Buffer);
        }
        return Buffer.concat(chunks);
      } catch (error) {
        options.log.warn({ err: error, key: candidate }, 'share card: stored image unreadable');
      }
    }
    return null;
  }

  const cache = new LRUCache<string, Buffer, CardSource>({
    maxSize: options.maxBytes ?? 48 * 1024 * 1024,
    sizeCalculation: (png) => png.length,
    fetchMethod: (_key, _stale, { context }) =>
      inTurn(async () => {
        const { logoUrl, bannerUrl, ...content } = context;
        const [logo, banner] = await Promise.all([
          readImage(logoUrl, LOGO_WIDTH),
          readImage(bannerUrl),
        ]);
        return draw({ ...content, logo, banner });
      }),
  });

  return {
    /** The card of a published organization; null for anything else (unknown, malformed, hidden). */
    async find(id: string): Promise<ShareImage | null> {
      if (!OrganizationId.safeParse(id).success) return null;
      const found = await options.organizations.findById(id);
      if (!found?.row.published) return null;
      const source = cardSource(found, await options.reference.snapshot(), options.host);
      const digest = createHash('sha256')
        .update(JSON.stringify([DESIGN_REVISION, source]))
        .digest('base64url');
      const etag = `"${digest.slice(0, 32)}"`;
      return {
        etag,
        async png() {
          const png = await cache.fetch(`${id} ${etag}`, { context: source });
          if (!png) throw new Error(`share card of ${id} was not drawn`);
          return png;
        },
      };
    },
  };
}

type Found = NonNullable<Awaited<ReturnType<OrganizationRepository['findById']>>>;
type Snapshot = Awaited<ReturnType<ReferenceService['snapshot']>>;

/** The card's words from the rows, as the profile page shows them (place, categories' order). */
function cardSource({ row, links }: Found, snapshot: Snapshot, host: string): CardSource {
  const everywhere = row.country === ALL_COUNTRIES_CODE;
  const country = everywhere ? undefined : snapshot.countryByCode.get(row.country);
  const place = [row.location.trim(), everywhere ? '' : (country?.name ?? row.country)]
    .filter(Boolean)
    .join(', ');
  const ordered = [...links]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((link) => snapshot.categoryById.get(link.categoryId))
    .filter((category): category is Category => !!category && category.id !== DEFAULT_CATEGORY_ID);
  // Titled sections first, company properties after them, as on the profile page.
  const categories = [
    ...ordered.filter((category) => category.groupId !== COMPANY_PROPERTIES_GROUP_ID),
    ...ordered.filter((category) => category.groupId === COMPANY_PROPERTIES_GROUP_ID),
  ].map(({ emoji, name, groupId }) => ({ emoji, name, groupId }));
  return {
    name: row.name,
    place,
    flagEmoji: country?.flagEmoji ?? null,
    categories,
    logoUrl: row.logo,
    bannerUrl: row.bannerImage,
    host,
  };
}
