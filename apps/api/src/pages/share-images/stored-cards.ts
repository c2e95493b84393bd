import type { FastifyBaseLogger } from 'fastify';
import {
  keyOfUrl,
  SHARE_CARDS_PREFIX,
  type StorageBackend,
  type StoredObject,
} from '../../adapters/storage/storage.ts';
import type { CurrentCard } from './card-naming.ts';

/** No stored image (or card) is larger than this; anything bigger is not read. */
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

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

export interface StoredCardsOptions {
  storage: Pick<StorageBackend, 'read' | 'put' | 'remove' | 'list'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The key of the organization's card as its rows are now; undefined when it has none. */
  currentKey(id: string): Promise<string | undefined>;
}

/** The Storage's side of share cards: the images a card shows, and the cards kept there. */
export function storedCards({ storage, log, currentKey }: StoredCardsOptions) {
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
      const current = await currentKey(id);
      for (const key of [...others, ...(kept ? [kept] : [])]) {
        if (key !== current) await storage.remove(key);
      }
    } catch (error) {
      log.warn({ err: error, organization: id }, 'share card: older cards not removed');
    }
  }

  return {
    /** A logo or banner by its URL (`width`: the variant to read first), or null. */
    async readImage(url: string | null, width?: number): Promise<Buffer | null> {
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
    },

    /** The stored card, or null when there is none (or it cannot be read: it is drawn again). */
    async read(key: string): Promise<Buffer | null> {
      try {
        const found = await storage.read(key);
        return found ? await bytesOf(found) : null;
      } catch (error) {
        log.warn({ err: error, key }, 'share card: stored card unreadable');
        return null;
      }
    },

    /** Stores a drawn card and removes its older files; a failure is logged (it is drawn again). */
    async store(card: CurrentCard, png: Buffer): Promise<void> {
      try {
        await storage.put(card.key, png, 'image/png');
        await removeOthers(card.id, card.key);
      } catch (error) {
        log.warn({ err: error, key: card.key }, 'share card: not stored');
      }
    },

    removeOthers,

    /** Every stored card of the organization removed (it is unpublished or gone). */
    async removeAll(id: string): Promise<void> {
      for await (const object of storage.list(`${SHARE_CARDS_PREFIX}${id}/`)) {
        await storage.remove(object.key);
      }
    },
  };
}
