import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeKey, withImageRemoval, type DiskStorage, type ListedObject } from './storage.ts';

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** The type of an image file, from its name (a file on disk stores no type). */
export const contentTypeOf = (file: string) =>
  contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * Where a file is written before it is renamed to its key: inside the root, so the rename stays
 * on one filesystem (and is atomic), under a dot-folder GET /uploads never serves.
 */
export const UNFINISHED_FOLDER = '.partial';
/** How files written beside their key were named before the folder existed. */
const UNFINISHED_SUFFIX = '.partial';

/** Every file under `directory`, depth first; nothing when it does not exist. */
async function* filesUnder(directory: string): AsyncGenerator<string> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  for (const entry of entries) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/** When a file was last written, or null when it is gone already. */
const modifiedAt = async (file: string) => (await stat(file).catch(() => null))?.mtime ?? null;

/** Images as files under `root` (DATA_DIR/uploads): the embedded default. */
export function createDiskStorage(directory: string): DiskStorage {
  const root = path.resolve(directory);
  const unfinished = path.join(root, UNFINISHED_FOLDER);

  /** The file of a key; never a path outside the root, whatever the key. */
  function fileOf(key: string): string {
    const file = path.resolve(root, key);
    if (!isSafeKey(key) || !file.startsWith(root + path.sep)) {
      throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    }
    return file;
  }

  /** The folder of unfinished writes, made by the first write, not by each (cards come many a second). */
  let made: Promise<unknown> | null = null;
  const unfinishedFolder = () => {
    made ??= mkdir(unfinished, { recursive: true }).catch((error: unknown) => {
      made = null;
      throw error;
    });
    return made;
  };

  const isUnfinished = (file: string) =>
    file.startsWith(unfinished + path.sep) || file.endsWith(UNFINISHED_SUFFIX);

  return withImageRemoval<Omit<DiskStorage, 'removeImages'>>({
    kind: 'disk' as const,
    root,
    async put(key: string, body: Buffer) {
      const file = fileOf(key);
      await Promise.all([mkdir(path.dirname(file), { recursive: true }), unfinishedFolder()]);
      // Written aside, then renamed: a reader never sees half a file, and a write cut short
      // (kill -9) leaves only a file the upload sweep removes.
      const partial = path.join(unfinished, randomBytes(12).toString('hex'));
      try {
        await writeFile(partial, body).catch(async (error: NodeJS.ErrnoException) => {
          // The folder went away (a restore into DATA_DIR): made again, once.
          if (error.code !== 'ENOENT') throw error;
          made = null;
          await unfinishedFolder();
          await writeFile(partial, body);
        });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async remove(key: string) {
      await rm(fileOf(key), { force: true });
    },
    async read(key: string) {
      const file = fileOf(key);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) return null;
      return {
        body: createReadStream(file),
        contentType: contentTypeOf(file),
        contentLength: found.size,
      };
    },
    async *list(prefix: string): AsyncGenerator<ListedObject> {
      // A prefix names a folder (`organizations/`): only the files under it are read.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      for await (const file of filesUnder(folder ? fileOf(folder) : root)) {
        if (isUnfinished(file)) continue;
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const modified = await modifiedAt(file);
        if (modified) yield { key, modifiedAt: modified };
      }
    },
    async removeUnfinished(before: Date) {
      let removed = 0;
      for await (const file of filesUnder(root)) {
        if (!isUnfinished(file)) continue;
        const modified = await modifiedAt(file);
        if (!modified || modified >= before) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
    async close() {},
  });
}
