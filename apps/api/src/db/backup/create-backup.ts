import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { SHARE_CARDS_PREFIX } from '../../adapters/storage/storage.ts';
import type { DatabaseHandle } from '../client.ts';
import { applicationTables, quote, rowsOf } from './database-tables.ts';
import {
  AUTH_SECRET_ENTRY,
  FORMAT_VERSION,
  MANIFEST_NAME,
  PRODUCT,
  UPLOADS_PREFIX,
  migrationTags,
  tableEntryName,
  type Manifest,
} from './manifest.ts';
import { tarEnd, tarEntry, type ArchiveEntry } from './tar-archive.ts';

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/**
 * Image files under the uploads folder, by key; unfinished writes (ADR 021) and share cards
 * (ADR 026) are left out.
 */
async function uploadFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return (
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .map((file) => file.split(path.sep).join('/'))
      .filter((key) => !key.startsWith('.partial/') && !key.endsWith('.partial'))
      // Share cards are drawn again from the rows on their first fetch (ADR 026): a hundred
      // thousand of them would be gigabytes in the archive for nothing.
      .filter((key) => !key.startsWith(SHARE_CARDS_PREFIX))
      .sort()
  );
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  uploads: number;
}

/**
 * Writes one .tar.gz holding every table as JSON lines, the auth secret and, with images on
 * disk, the image files (ADR 025, ADR 036). The rows are read in one read-only repeatable-read
 * transaction, so they are consistent while the server keeps writing; the file appears under
 * its name only when whole.
 */
export async function createBackup(
  database: DatabaseHandle,
  options: {
    file: string;
    uploadsRoot: string | null;
    /** What sessions and emailed links are signed with: without it none survives a restore. */
    authSecret: { value: string; source: 'environment' | 'data-dir' };
  },
): Promise<BackupSummary> {
  const tags = migrationTags();
  const tables: Manifest['tables'] = {};
  const entries: ArchiveEntry[] = [];
  await database.db.transaction(
    async (tx) => {
      for (const table of await applicationTables(tx)) {
        const columns = table.columns.map(quote).join(', ');
        const order = (table.primaryKey.length ? table.primaryKey : table.columns).map(quote);
        const lines = await rowsOf<{ line: string }>(
          tx,
          sql.raw(
            `select row_to_json(x)::text as line from (select ${columns} from ${quote(table.name)} order by ${order.join(', ')}) x`,
          ),
        );
        const body = Buffer.from(lines.map((row) => `${row.line}\n`).join(''));
        tables[table.name] = { rows: lines.length, columns: table.columns, sha256: sha256(body) };
        entries.push({ name: tableEntryName(table.name), body });
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  let uploads: Manifest['uploads'] = null;
  if (options.uploadsRoot) {
    uploads = {};
    for (const key of await uploadFiles(options.uploadsRoot)) {
      // A file removed since the rows were read (an image replaced meanwhile) is not needed.
      const body = await readFile(path.join(options.uploadsRoot, key)).catch(() => null);
      if (!body) continue;
      uploads[key] = { bytes: body.length, sha256: sha256(body) };
      entries.push({ name: `${UPLOADS_PREFIX}${key}`, body });
    }
  }
  const secret = Buffer.from(options.authSecret.value);
  entries.push({ name: AUTH_SECRET_ENTRY, body: secret });
  const createdAt = new Date();
  const manifest: Manifest = {
    product: PRODUCT,
    format: FORMAT_VERSION,
    schema: { migrations: tags.length, last: tags.at(-1) ?? '' },
    createdAt: createdAt.toISOString(),
    database: database.kind,
    tables,
    uploads,
    authSecret: { source: options.authSecret.source, sha256: sha256(secret) },
  };
  entries.unshift({ name: MANIFEST_NAME, body: Buffer.from(JSON.stringify(manifest, null, 2)) });

  const partial = `${options.file}.partial`;
  try {
    await pipeline(
      (function* () {
        for (const entry of entries) yield* tarEntry(entry, createdAt);
        yield tarEnd();
      })(),
      createGzip(),
      createWriteStream(partial),
    );
    await rename(partial, options.file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return {
    file: options.file,
    tables: Object.keys(tables).length,
    rows: Object.values(tables).reduce((sum, table) => sum + table.rows, 0),
    uploads: Object.keys(uploads ?? {}).length,
  };
}
