import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ALL_COUNTRIES_CODE,
  COMPANY_PROPERTIES_GROUP_ID,
  DEFAULT_CATEGORY_ID,
  OrganizationId,
  type Category,
} from '@si/contracts';
import {
  keyOfUrl,
  SHARE_CARDS_PREFIX,
  type StorageBackend,
  type StoredObject,
} from '../../adapters/storage/storage.ts';
import type { Database } from '../../db/client.ts';
import type {
  OrganizationCategoryRow,
  OrganizationRepository,
  OrganizationRow,
} from '../../modules/organizations/repository.ts';
import type { ReferenceService } from '../../modules/reference/service.ts';
import { drawing } from './drawing-thread.ts';
import type { ShareCardContent } from './share-card.ts';

/** Goes up when the drawing (or its encoding) changes, so stored cards and crawlers' ETags are replaced. */
const DESIGN_REVISION = 3;

/** A stored card's key: `share-cards/<organization id>/<digest>.png`. */
const cardKey = /^share-cards\/([0-9a-f-]{36})\/[0-9a-f]{32}\.png$/;

/** Logos are drawn at 172 px: the 256 px variant is read when there is one. */
const LOGO_WIDTH = 256;
/** No stored image (or card) is larger than this; anything bigger is not read. */
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/**
 * Cards drawn at the same time, by requests and the share-cards job together. A drawing is
 * about 15 ms of CPU, in short steps on libuv's thread pool (4 threads by default: Pango, the
 * PNG's deflate) between steps on the drawing thread, and the pool is shared with file reads and
 * writes. Three keep two cores busy and leave a thread of the pool for reads, so a crawler
 * asking for many cold cards at once queues here rather than in front of every read. On two
 * cores, two gave 72 first fetches a second, three 84 to 85, four 87 to 89 (ADR 026).
 */
const DRAWINGS_AT_ONCE = 3;

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

/** The rows a card is made from, as shareCardRows gives them. */
interface CardRows {
  row: Pick<
    OrganizationRow,
    'published' | 'name' | 'location' | 'country' | 'logo' | 'bannerImage'
  >;
  links: Pick<OrganizationCategoryRow, 'categoryId' | 'sortOrder'>[];
}

/** A published organization's card as its rows are now: its tag, its file and what it shows. */
interface CurrentCard {
  id: string;
  /** Strong ETag: the digest of what the card shows, known before it is drawn. */
  etag: string;
  /** Where it is stored; the digest is in the name, so a stored file is never out of date. */
  key: string;
  source: CardSource;
}

/** Who asked for a drawing: a request that found no stored card, or the share-cards job. */
export type DrawnBy = 'request' | 'job';

export interface ShareImagesOptions {
  organizations: Pick<OrganizationRepository, 'shareCardRows'>;
  reference: Pick<ReferenceService, 'snapshot'>;
  /** Where logos and banners are read, and cards are kept (adapters/storage). */
  storage: Pick<StorageBackend, 'read' | 'put' | 'remove' | 'list'>;
  /** Written on the card (PUBLIC_URL's host). */
  host: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Tests count the drawings. */
  draw?: (content: ShareCardContent) => Promise<Buffer>;
  /** Called for every card drawn (GET /metrics counts them). */
  onDrawn?: (by: DrawnBy) => void;
}

export interface ShareImage {
  /** Strong ETag of this version of the card, known before it is drawn. */
  etag: string;
  /** The PNG: the stored file, or drawn (once, however many ask together), and stored just after. */
  png(): Promise<Buffer>;
}

/** What a flight gives: the card, whether this flight drew it, and when it is stored. */
interface Flight {
  png: Buffer;
  drawn: boolean;
  stored: Promise<void>;
}

/** What the share-cards job did for one organization. */
export type CardRefresh = 'drawn' | 'kept' | 'removed';

/**
 * Published profiles' share cards, kept in the Storage under a key derived from a digest of
 * everything the card shows (ADR 026): an edit (name, place, categories, logo, banner) names a
 * new file, so the file found for the current rows is always their card. A card is drawn ahead
 * by the share-cards job when its profile changes, or by the first request that finds no file,
 * which is answered before the file is stored; concurrent requests for one card share one
 * drawing, and each new file's older siblings are removed once it is stored.
 */
export function createShareImages(options: ShareImagesOptions) {
  const draw = options.draw ?? drawing.draw;
  const inTurn = limiter(DRAWINGS_AT_ONCE);
  const { storage, log } = options;

  /** A stored object's bytes, or null when it is larger than any image the product stores. */
  async function bytesOf(found: StoredObject): Promise<Buffer | null> {
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
  }

  async function readImage(url: string | null, width?: number): Promise<Buffer | null> {
    const key = url ? keyOfUrl(url) : null;
    if (!key) return null;
    const sized = width ? key.replace(/-\d+w\.webp$/, `-${width}w.webp`) : key;
    for (const candidate of new Set([sized, key])) {
      try {
        const found = await storage.read(candidate);
        if (found) return await bytesOf(found);
      } catch (error) {
        log.warn({ err: error, key: candidate }, 'share card: stored image unreadable');
      }
    }
    return null;
  }

  /** The stored card, or null when there is none (or it cannot be read: it is drawn again). */
  async function readStored(key: string): Promise<Buffer | null> {
    try {
      const found = await storage.read(key);
      return found ? await bytesOf(found) : null;
    } catch (error) {
      log.warn({ err: error, key }, 'share card: stored card unreadable');
      return null;
    }
  }

  function cardOf(id: string, found: CardRows | null, snapshot: Snapshot): CurrentCard | null {
    if (!found?.row.published) return null;
    const source = cardSource(found, snapshot, options.host);
    const digest = createHash('sha256')
      .update(JSON.stringify([DESIGN_REVISION, source]))
      .digest('hex')
      .slice(0, 32);
    return { id, etag: `"${digest}"`, key: `${SHARE_CARDS_PREFIX}${id}/${digest}.png`, source };
  }

  /** The card of a published organization as its rows are now; null for anything else. */
  async function currentCard(id: string): Promise<CurrentCard | null> {
    const [[found], snapshot] = await Promise.all([
      options.organizations.shareCardRows([id]),
      options.reference.snapshot(),
    ]);
    return cardOf(id, found ?? null, snapshot);
  }

  /**
   * Removes the organization's stored cards other than `kept` (the one just written), with the
   * rows read again when there is any: a drawing of older rows that finishes last removes its
   * own file, not the current card. A failure is logged; the upload sweep removes what is left.
   */
  async function removeOthers(id: string, kept: string | null): Promise<void> {
    try {
      const others: string[] = [];
      for await (const object of storage.list(`${SHARE_CARDS_PREFIX}${id}/`)) {
        if (object.key !== kept) others.push(object.key);
      }
      if (others.length === 0) return;
      const current = (await currentCard(id))?.key;
      for (const key of [...others, ...(kept ? [kept] : [])]) {
        if (key !== current) await storage.remove(key);
      }
    } catch (error) {
      log.warn({ err: error, organization: id }, 'share card: older cards not removed');
    }
  }

  /**
   * Cards being looked up, drawn or stored, by key: whoever asks for one waits for that flight.
   * A flight lasts until its card is stored, so this process draws a card once.
   */
  const flights = new Map<string, Promise<Flight>>();

  /** Stores a drawn card and removes its older files; a failure is logged (it is drawn again). */
  async function store(card: CurrentCard, png: Buffer): Promise<void> {
    try {
      await storage.put(card.key, png, 'image/png');
      await removeOthers(card.id, card.key);
    } catch (error) {
      log.warn({ err: error, key: card.key }, 'share card: not stored');
    }
  }

  /**
   * The card's PNG: read from the Storage, or drawn. A drawn card is answered at once and stored
   * after: storing and cleaning up (eight or so file operations on the pool the drawings use)
   * had been a fifth of a first fetch's time, and most of its slowest tail.
   */
  function obtain(card: CurrentCard, by: DrawnBy): Promise<Flight> {
    let flight = flights.get(card.key);
    if (!flight) {
      flight = (async (): Promise<Flight> => {
        const stored = await readStored(card.key);
        if (stored) return { png: stored, drawn: false, stored: Promise.resolve() };
        const png = await inTurn(async () => {
          const { logoUrl, bannerUrl, ...content } = card.source;
          const [logo, banner] = await Promise.all([
            readImage(logoUrl, LOGO_WIDTH),
            readImage(bannerUrl),
          ]);
          return draw({ ...content, logo, banner });
        });
        options.onDrawn?.(by);
        return { png, drawn: true, stored: store(card, png) };
      })();
      flights.set(card.key, flight);
      void flight
        .then(
          ({ stored }) => stored,
          () => undefined,
        )
        .finally(() => flights.delete(card.key));
    }
    return flight;
  }

  return {
    /** The card of a published organization; null for anything else (unknown, malformed, hidden). */
    async find(id: string): Promise<ShareImage | null> {
      if (!OrganizationId.safeParse(id).success) return null;
      const card = await currentCard(id);
      if (!card) return null;
      return { etag: card.etag, png: async () => (await obtain(card, 'request')).png };
    },

    /**
     * Draws one card of made-up words, not stored nor counted, and measures the letters names are
     * made of: the fonts loaded, the layers every card shares drawn and the drawing's code
     * compiled before a request waits for them.
     */
    async prepare(): Promise<void> {
      try {
        await drawing.measureAlphabet();
        await inTurn(() =>
          draw({
            name: 'Scaling Impact',
            place: 'Nairobi, Kenya',
            flagEmoji: '🇰🇪',
            categories: [{ emoji: '🌱', name: 'Climate Action', groupId: 'impact_areas' }],
            logo: null,
            banner: null,
            host: options.host,
          }),
        );
      } catch (error) {
        // The first request draws, and fails, the same way: nothing to stop the server for.
        log.warn({ err: error }, 'share card: a drawing failed at start');
      }
    },

    /** Waits for the cards being drawn or stored: the server closes once they are stored. */
    async settle(): Promise<void> {
      await Promise.all(
        [...flights.values()].map((flight) =>
          flight.then(
            ({ stored }) => stored,
            () => undefined,
          ),
        ),
      );
    },

    /**
     * Brings an organization's stored cards in line with its rows (the share-cards job): the
     * current card drawn and stored if it is not yet, every other one removed; all of them
     * when the organization is unpublished or gone.
     */
    async refresh(id: string): Promise<CardRefresh> {
      const card = await currentCard(id);
      if (!card) {
        for await (const object of storage.list(`${SHARE_CARDS_PREFIX}${id}/`)) {
          await storage.remove(object.key);
        }
        return 'removed';
      }
      const { drawn, stored } = await obtain(card, 'job');
      await stored;
      if (!drawn) await removeOthers(id, card.key);
      return drawn ? 'drawn' : 'kept';
    },

    /**
     * For the upload sweep: reads the reference data now (before the sweep's transaction), and
     * answers which of the given stored keys are a published profile's current card, reading
     * the rows through the sweep's transaction.
     */
    async liveCardCheck(): Promise<(tx: Database, keys: string[]) => Promise<Set<string>>> {
      const snapshot = await options.reference.snapshot();
      return async (tx, keys) => {
        const ids = [
          ...new Set(keys.flatMap((key) => cardKey.exec(key)?.slice(1, 2) ?? [])),
        ].filter((id) => OrganizationId.safeParse(id).success);
        const live = new Set<string>();
        for (const found of await options.organizations.shareCardRows(ids, tx)) {
          const card = cardOf(found.row.id, found, snapshot);
          if (card) live.add(card.key);
        }
        return live;
      };
    },
  };
}
export type ShareImages = ReturnType<typeof createShareImages>;

type Snapshot = Awaited<ReturnType<ReferenceService['snapshot']>>;

/** The card's words from the rows, as the profile page shows them (place, categories' order). */
function cardSource({ row, links }: CardRows, snapshot: Snapshot, host: string): CardSource {
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
