import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeKey, withImageRemoval, type DiskStorage } from './storage.ts';

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** Images as files under `root` (DATA_DIR/uploads): the embedded default. */
export function createDiskStorage(directory: string): DiskStorage {
  const root = path.resolve(directory);

  /** The file of a key; never a path outside the root, whatever the key. */
  function fileOf(key: string): string {
    const file = path.resolve(root, key);
    if (!isSafeKey(key) || !file.startsWith(root + path.sep)) {
      throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    }
    return file;
  }

  return withImageRemoval<Omit<DiskStorage, 'removeImages'>>({
    kind: 'disk' as const,
    root,
    async put(key: string, body: Buffer) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside it, then renamed: a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, body);
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
        contentType: contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        contentLength: found.size,
      };
    },
    async close() {},
  });
}
