import type { FastifyBaseLogger } from 'fastify';
import { OrganizationId } from '@si/contracts';
import type { StorageBackend } from '../../adapters/storage/storage.ts';
import type { Database } from '../../db/client.ts';
import type { OrganizationRepository } from '../../modules/organizations/repository.ts';
import type { ReferenceService } from '../../modules/reference/service.ts';
import { cardKey, cardOf, type CurrentCard } from './card-naming.ts';
import { drawing } from './drawing-thread.ts';
import type { ShareCardContent } from './share-card.ts';
import { storedCards } from './stored-cards.ts';
import { limiter } from './task-limiter.ts';

/** Logos are drawn at 172 px: the 256 px variant is read when there is one. */
const LOGO_WIDTH = 256;
/**
 * Cards drawn at the same time, by requests and the share-cards job together. A drawing is
 * about 15 ms of CPU, in short steps on libuv's thread pool (4 threads by default: Pango, the
 * PNG's deflate) between steps on the drawing thread, and the pool is shared with file reads and
 * writes. Three keep two cores busy and leave a thread of the pool for reads, so a crawler
 * asking for many cold cards at once queues here rather than in front of every read. On two
 * cores, two gave 72 first fetches a second, three 84 to 85, four 87 to 89 (ADR 026).
 */
const DRAWINGS_AT_ONCE = 3;

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
  const { log } = options;

  /** The card of a published organization as its rows are now; null for anything else. */
  async function currentCard(id: string): Promise<CurrentCard | null> {
    const [[found], snapshot] = await Promise.all([
      options.organizations.shareCardRows([id]),
      options.reference.snapshot(),
    ]);
    return cardOf(id, found ?? null, snapshot, options.host);
  }
  const cards = storedCards({
    storage: options.storage,
    log,
    currentKey: async (id) => (await currentCard(id))?.key,
  });

  /**
   * Cards being looked up, drawn or stored, by key: whoever asks for one waits for that flight.
   * A flight lasts until its card is stored, so this process draws a card once.
   */
  const flights = new Map<string, Promise<Flight>>();

  /**
   * The card's PNG: read from the Storage, or drawn. A drawn card is answered at once and stored
   * after: storing and cleaning up (eight or so file operations on the pool the drawings use)
   * had been a fifth of a first fetch's time, and most of its slowest tail.
   */
  function obtain(card: CurrentCard, by: DrawnBy): Promise<Flight> {
    let flight = flights.get(card.key);
    if (!flight) {
      flight = (async (): Promise<Flight> => {
        const kept = await cards.read(card.key);
        if (kept) return { png: kept, drawn: false, stored: Promise.resolve() };
        const png = await inTurn(async () => {
          const { logoUrl, bannerUrl, ...content } = card.source;
          const [logo, banner] = await Promise.all([
            cards.readImage(logoUrl, LOGO_WIDTH),
            cards.readImage(bannerUrl),
          ]);
          return draw({ ...content, logo, banner });
        });
        options.onDrawn?.(by);
        return { png, drawn: true, stored: cards.store(card, png) };
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
        await cards.removeAll(id);
        return 'removed';
      }
      const { drawn, stored } = await obtain(card, 'job');
      await stored;
      if (!drawn) await cards.removeOthers(id, card.key);
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
          const card = cardOf(found.row.id, found, snapshot, options.host);
          if (card) live.add(card.key);
        }
        return live;
      };
    },
  };
}
export type ShareImages = ReturnType<typeof createShareImages>;
