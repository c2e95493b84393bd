import type { Readable } from 'node:stream';
import { organizationImageKinds } from '@si/contracts';

/** An object as a backend hands it back for GET /uploads/<key>. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  contentLength?: number;
}

/** A stored object as a listing gives it: its key and when it was written. */
export interface ListedObject {
  key: string;
  modifiedAt: Date;
}

/**
 * Where uploaded images live, by key (`organizations/<id>/logo-<random>-512w.webp`). The
 * database always holds `/uploads/<key>`, whichever backend is configured.
 */
export interface StorageBackend {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The object, or null when there is none. */
  read(key: string): Promise<StoredObject | null>;
  /** Every finished object whose key starts with `prefix`. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * Removes writes left unfinished (a process killed mid-upload) begun before `before`, and
   * answers how many. A backend whose writes are atomic (S3) has none.
   */
  removeUnfinished(before: Date): Promise<number>;
  close(): Promise<void>;
}

export interface ImageRemoval {
  /** Removes every stored variant of each `/uploads/...` URL; anything else is left alone. */
  removeImages(urls: readonly string[]): Promise<void>;
}

/** Files under DATA_DIR/uploads, served as they are. */
export interface DiskStorage extends StorageBackend, ImageRemoval {
  kind: 'disk';
  root: string;
}

/** An S3-compatible bucket. */
export interface S3Storage extends StorageBackend, ImageRemoval {
  kind: 's3';
  /** Where GET /uploads/<key> redirects (S3_PUBLIC_URL), or null to stream from the bucket. */
  publicUrl(key: string): string | null;
}

export type Storage = DiskStorage | S3Storage;

export const UPLOADS_PREFIX = '/uploads/';

/** Stored objects never change (a new upload gets a new name), so clients may keep them. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * A key is one or more segments of letters, digits, dot, dash and underscore, each starting
 * with a letter or digit: no `.` or `..`, no hidden files, no absolute or empty parts.
 */
const safeKey = /^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)*$/;
export const isSafeKey = (key: string) => key.length <= 512 && safeKey.test(key);

/**
 * Where profiles' share cards are stored (ADR 026): PNG files drawn from the rows, named by a
 * digest of what they show. Derived, so never served from /uploads and left out of backups.
 */
export const SHARE_CARDS_PREFIX = 'share-cards/';

/** Where the product's images are stored: uploads under `organizations/`, the demo's under `demo/`. */
export const IMAGE_KEY_PREFIXES = ['organizations/', 'demo/'] as const;
const imageKey = /^(organizations|demo)\/.+\.webp$/;
/** A key of one of the product's own images: the only keys GET /uploads/<key> serves. */
export const isImageKey = (key: string) => isSafeKey(key) && imageKey.test(key);

/** The key of a stored URL (`/uploads/<key>`), or null for any other URL. */
export function keyOfUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  return isSafeKey(key) ? key : null;
}

const allWidths = [
  ...new Set(Object.values(organizationImageKinds).flatMap((kind) => [...kind.widths])),
];

/**
 * Every key an image may be stored under: for `…-<width>w.webp` each width of every image kind
 * (the URL names the largest one; the others sit beside it), otherwise the key itself.
 */
export function variantKeys(key: string): string[] {
  const match = /^(.*)-(\d+)w\.webp$/.exec(key);
  if (!match) return [key];
  const widths = new Set([Number(match[2]), ...allWidths]);
  return [...widths].map((width) => `${match[1]}-${width}w.webp`);
}

/** Adds removeImages to a backend. */
export function withImageRemoval<T extends StorageBackend>(backend: T): T & ImageRemoval {
  return Object.assign(backend, {
    async removeImages(urls: readonly string[]) {
      const keys = new Set(
        urls.flatMap((url) => {
          const key = keyOfUrl(url);
          return key ? variantKeys(key) : [];
        }),
      );
      const results = await Promise.allSettled([...keys].map((key) => backend.remove(key)));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
  });
}
