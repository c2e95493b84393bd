import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A claim older than this was left by a process that died while rendering: it is taken over. */
const CLAIM_STALE_MS = 60_000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Rendered profile pages on this host's disk (`DATA_DIR/pages/<2>/<id>.page`, ADR 030): one file
 * per profile, its first line the name of everything the page was rendered from (its entity
 * tag), then the page, brotli-compressed. A file under another name is a page of the profile as
 * it was: not served, and replaced by the next one stored. Every process of the host reads what
 * any of them rendered, and a restart keeps them. A cache: deleting the folder costs renders.
 */
export function createPageStore(root: string) {
  const folderOf = (id: string) => path.join(root, id.slice(0, 2));
  const fileOf = (id: string) => path.join(folderOf(id), `${id}.page`);
  /** Folders made by this process (at most 256): a write then costs no mkdir. */
  const made = new Set<string>();
  async function makeFolderOf(id: string) {
    const folder = folderOf(id);
    if (made.has(folder)) return;
    await mkdir(folder, { recursive: true });
    made.add(folder);
  }

  /** The stored file's name line and page, or null when there is none. */
  async function load(id: string): Promise<{ name: string; brotli: Buffer } | null> {
    let file: Buffer;
    try {
      file = await readFile(fileOf(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const end = file.indexOf(10);
    if (end === -1) return null;
    return { name: file.subarray(0, end).toString('latin1'), brotli: file.subarray(end + 1) };
  }

  return {
    /** The page stored under `name`, or null when the profile's stored page is another (or none). */
    async read(id: string, name: string): Promise<Buffer | null> {
      const stored = await load(id);
      return stored?.name === name ? stored.brotli : null;
    },

    /** Whether the page stored is `name`'s: its first line alone is read. */
    async has(id: string, name: string): Promise<boolean> {
      let handle;
      try {
        handle = await open(fileOf(id), 'r');
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      try {
        const head = Buffer.alloc(name.length + 1);
        const { bytesRead } = await handle.read(head, 0, head.length, 0);
        return bytesRead === head.length && head.toString('latin1') === `${name}\n`;
      } finally {
        await handle.close();
      }
    },

    /** Stores a page whole: written aside, then renamed over the old one (a reader never sees half). */
    async write(id: string, name: string, brotli: Buffer): Promise<void> {
      await makeFolderOf(id);
      const file = fileOf(id);
      const aside = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.part`;
      const page = Buffer.concat([Buffer.from(`${name}\n`, 'latin1'), brotli]);
      try {
        await writeFile(aside, page).catch(async (error: unknown) => {
          // The folder was removed since (an operator cleared the store): made again.
          if (!isMissing(error)) throw error;
          made.delete(folderOf(id));
          await makeFolderOf(id);
          await writeFile(aside, page);
        });
        await rename(aside, file);
      } catch (error) {
        await rm(aside, { force: true });
        throw error;
      }
    },

    /** The profile's stored page gone (it was unpublished or deleted). */
    async remove(id: string): Promise<void> {
      await rm(fileOf(id), { force: true });
    },

    /**
     * Claims the rendering of a profile's page for this process, across the host's processes:
     * null when another holds a fresh claim; else the release, called once rendered.
     */
    async claim(id: string): Promise<(() => Promise<void>) | null> {
      await makeFolderOf(id);
      const claim = `${fileOf(id)}.rendering`;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          await (await open(claim, 'wx')).close();
          return () => rm(claim, { force: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          const since = await stat(claim).then(
            (claimed) => Date.now() - claimed.mtimeMs,
            () => Infinity,
          );
          if (since < CLAIM_STALE_MS) return null;
          await rm(claim, { force: true });
        }
      }
      return null;
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;
