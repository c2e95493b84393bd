import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  IMAGE_KEY_PREFIXES,
  isImageKey,
  keyOfUrl,
  UPLOADS_PREFIX,
  variantKeys,
  type Storage,
} from '../../adapters/storage/storage.ts';
import type { Database } from '../../db/client.ts';
import { organizationCategories, organizations, users } from '../../db/schema.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';

/** One key for the whole product: whichever process takes it sweeps this time. */
const SWEEP_LOCK_KEY = 727274004;

/**
 * How old a file must be before the sweep may remove it. An upload stores its files before
 * its row is written (and the demo seed does the same), so a young file with no row may be
 * one whose row is on its way; an hour is far longer than any upload takes.
 */
export const UPLOAD_SWEEP_GRACE_MS = 60 * 60 * 1000;

export interface UploadSweepRun {
  /** Writes cut short (a process killed mid-upload). */
  unfinished: number;
  /** Stored images no row references, and share cards no published profile shows any more. */
  unreferenced: number;
}

/** The share cards in the same storage (ADR 026): derived files, kept while they are current. */
export interface StoredShareCards {
  /** Where they are stored (`share-cards/`). */
  prefix: string;
  /**
   * Called before the sweep's transaction (it reads reference data); the check it gives answers,
   * reading the rows through the sweep's transaction, which of the keys are a published
   * profile's current card.
   */
  liveCardCheck(): Promise<(tx: Database, keys: string[]) => Promise<Set<string>>>;
}

/** Cards whose rows are read in one query. */
const CARD_CHECK_BATCH = 500;

/** Every `/uploads/...` URL a row holds: each column that may name a stored image. */
async function referencedUrls(tx: Database): Promise<string[]> {
  const prefix = `${UPLOADS_PREFIX}%`;
  const result = (await tx.execute(sql`
    select ${organizations.logo} as url from ${organizations} where ${organizations.logo} like ${prefix}
    union select ${organizations.bannerImage} from ${organizations} where ${organizations.bannerImage} like ${prefix}
    union select ${organizationCategories.imageUrl} from ${organizationCategories} where ${organizationCategories.imageUrl} like ${prefix}
    union select ${users.image} from ${users} where ${users.image} like ${prefix}`)) as unknown as {
    rows: { url: string }[];
  };
  return result.rows.map((row) => row.url);
}

/**
 * Removes, from the image store, what nothing will ever read: writes cut short, images no
 * row references (a replaced logo whose removal failed, an upload whose row was never
 * written) and share cards that are no published profile's current card, once older than
 * UPLOAD_SWEEP_GRACE_MS. A file a row references, or a current card, is never removed,
 * whatever its age. Safe with several server processes: an advisory lock, taken without
 * waiting, as the guest purge does. Returns null when another process has it.
 */
export function uploadSweepJob(options: {
  db: Database;
  storage: Storage;
  logger: FastifyBaseLogger;
  cards?: StoredShareCards;
}): PeriodicJob & { runAt(now: Date): Promise<UploadSweepRun | null> } {
  const { db, storage, cards } = options;
  const runAt = async (now: Date) => {
    const isLiveCard = cards ? await cards.liveCardCheck() : null;
    return db.transaction(async (tx): Promise<UploadSweepRun | null> => {
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (!lock.rows[0]?.locked) return null;
      const before = new Date(now.getTime() - UPLOAD_SWEEP_GRACE_MS);
      const unfinished = await storage.removeUnfinished(before);
      // Read before the listing: an image referenced after this read is younger than the grace.
      const referenced = new Set(
        (await referencedUrls(tx)).flatMap((url) => {
          const key = keyOfUrl(url);
          return key ? variantKeys(key) : [];
        }),
      );
      let unreferenced = 0;
      for (const prefix of IMAGE_KEY_PREFIXES) {
        for await (const object of storage.list(prefix)) {
          if (object.modifiedAt >= before || referenced.has(object.key)) continue;
          if (!isImageKey(object.key)) continue;
          await storage.remove(object.key);
          unreferenced += 1;
        }
      }
      // A card is current while its profile is published and shows what the card shows: any
      // other is an edit's leftover (whose removal failed), a deleted or unpublished profile's,
      // or one drawn for reference data or a design since replaced.
      if (cards && isLiveCard) {
        const old: string[] = [];
        for await (const object of storage.list(cards.prefix)) {
          if (object.modifiedAt < before) old.push(object.key);
        }
        for (let start = 0; start < old.length; start += CARD_CHECK_BATCH) {
          const keys = old.slice(start, start + CARD_CHECK_BATCH);
          const live = await isLiveCard(tx, keys);
          for (const key of keys) {
            if (live.has(key)) continue;
            await storage.remove(key);
            unreferenced += 1;
          }
        }
      }
      const result = { unfinished, unreferenced };
      if (unfinished > 0 || unreferenced > 0) options.logger.info(result, 'stored files swept');
      return result;
    });
  };
  return { name: 'upload-sweep', run: () => runAt(new Date()), runAt };
}
