import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client.ts';
import { contentTypeOf } from '../../adapters/storage/disk.ts';
import type { StorageBackend } from '../../adapters/storage/storage.ts';
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
import { DamagedArchiveError, readTar } from './tar-archive.ts';

/** A backup that restore will not apply; nothing has been changed when it is thrown. */
export class UnusableBackupError extends Error {}

export interface VerifiedBackup {
  manifest: Manifest;
  tables: Map<string, Buffer>;
  uploads: Map<string, Buffer>;
  /** The auth secret the backup's server signed with; null in a backup made before it was kept. */
  authSecret: string | null;
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');
const lineCount = (body: Buffer) => body.toString('utf8').split('\n').length - 1;

/**
 * Reads a backup file and checks all of it (the product, the schema, every entry's digest and
 * row count) before restore changes anything.
 */
export async function readBackup(file: string): Promise<VerifiedBackup> {
  let entries;
  try {
    entries = readTar(gunzipSync(await readFile(file)));
  } catch (error) {
    if (
      error instanceof DamagedArchiveError ||
      (error as { code?: string }).code?.startsWith('Z_')
    ) {
      throw new UnusableBackupError(
        `${file} is truncated or damaged (${(error as Error).message}); nothing was restored`,
      );
    }
    throw error;
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry.body]));
  const manifestBody = byName.get(MANIFEST_NAME);
  let manifest: Manifest | undefined;
  try {
    manifest = manifestBody && (JSON.parse(manifestBody.toString('utf8')) as Manifest);
  } catch {
    manifest = undefined;
  }
  if (!manifest || manifest.product !== PRODUCT) {
    const product = manifest?.product ? `a backup of ${JSON.stringify(manifest.product)}` : '';
    throw new UnusableBackupError(
      `${file} is not a Scaling Impact backup${product ? ` (${product})` : ''}; nothing was restored`,
    );
  }
  if (manifest.format !== FORMAT_VERSION) {
    throw new UnusableBackupError(
      `${file} has backup format ${manifest.format}; this version reads format ${FORMAT_VERSION}`,
    );
  }
  const tags = migrationTags();
  const { migrations, last } = manifest.schema;
  if (migrations > tags.length) {
    throw new UnusableBackupError(
      `${file} was made by a newer version (schema ${migrations}, ${last}; this one has ${tags.length}): restore it with that version or a later one`,
    );
  }
  if (tags[migrations - 1] !== last) {
    throw new UnusableBackupError(
      `${file} has a schema this version does not know (${last} as migration ${migrations})`,
    );
  }
  const tables = new Map<string, Buffer>();
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const body = byName.get(tableEntryName(table));
    if (!body || sha256(body) !== expected.sha256 || lineCount(body) !== expected.rows) {
      throw new UnusableBackupError(
        `${file} is damaged: the rows of ${table} do not match its manifest; nothing was restored`,
      );
    }
    tables.set(table, body);
  }
  const uploads = new Map<string, Buffer>();
  for (const [key, expected] of Object.entries(manifest.uploads ?? {})) {
    const body = byName.get(`${UPLOADS_PREFIX}${key}`);
    if (!body || sha256(body) !== expected.sha256) {
      throw new UnusableBackupError(
        `${file} is damaged: the image ${key} does not match its manifest; nothing was restored`,
      );
    }
    uploads.set(key, body);
  }
  let authSecret: string | null = null;
  if (manifest.authSecret) {
    const body = byName.get(AUTH_SECRET_ENTRY);
    if (!body || sha256(body) !== manifest.authSecret.sha256) {
      throw new UnusableBackupError(
        `${file} is damaged: its auth secret does not match its manifest; nothing was restored`,
      );
    }
    authSecret = body.toString('utf8');
  }
  return { manifest, tables, uploads, authSecret };
}

const BATCH_ROWS = 500;

/**
 * Puts a verified backup's rows into a freshly migrated, empty database, in one transaction.
 * Triggers are off while the rows go in: the derived tables (directory counts, the change log)
 * come from the backup as they were, not again from the triggers.
 */
export async function restoreRows(database: DatabaseHandle, backup: VerifiedBackup): Promise<void> {
  await database.db.transaction(async (tx) => {
    const targets = await applicationTables(tx);
    const known = new Set(targets.map((table) => table.name));
    const unknown = [...backup.tables.keys()].filter((name) => !known.has(name));
    if (unknown.length) throw new Error(`the database has no table ${unknown.join(', ')}`);
    // The migrations' own rows (directory_state's single row) give way to the backup's.
    await tx.execute(sql.raw(`truncate ${targets.map((table) => quote(table.name)).join(', ')}`));
    for (const table of targets) {
      const body = backup.tables.get(table.name);
      if (!body) continue;
      const stored = new Set(backup.manifest.tables[table.name]!.columns);
      const columns = table.columns
        .filter((column) => stored.has(column))
        .map(quote)
        .join(', ');
      const name = quote(table.name);
      await tx.execute(sql.raw(`alter table ${name} disable trigger user`));
      const lines = body.toString('utf8').split('\n').slice(0, -1);
      for (let start = 0; start < lines.length; start += BATCH_ROWS) {
        const rows = `[${lines.slice(start, start + BATCH_ROWS).join(',')}]`;
        await tx.execute(
          sql`${sql.raw(`insert into ${name} (${columns}) select ${columns} from json_populate_recordset(null::${name},`)} ${rows}::json)`,
        );
      }
      await tx.execute(sql.raw(`alter table ${name} enable trigger user`));
      const [count] = await rowsOf<{ rows: number }>(
        tx,
        sql.raw(`select count(*)::int as rows from ${name}`),
      );
      if (count?.rows !== lines.length) throw new Error(`${table.name} did not take every row`);
      // Serial columns (email_outbox.id) continue after the restored rows.
      const serials = await rowsOf<{ column: string; sequence: string }>(
        tx,
        sql`select column_name as column, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
            from information_schema.columns
            where table_schema = 'public' and table_name = ${table.name} and column_default like 'nextval(%'`,
      );
      for (const serial of serials) {
        await tx.execute(
          sql`select setval(${serial.sequence}::regclass, coalesce(max(${sql.raw(quote(serial.column))}), 1), count(*) > 0) from ${sql.raw(name)}`,
        );
      }
    }
  });
}

/** Writes the images after the rows, so that the upload sweep (ADR 021) sees them referenced. */
export async function restoreUploads(
  storage: Pick<StorageBackend, 'put'>,
  backup: VerifiedBackup,
): Promise<void> {
  for (const [key, body] of backup.uploads) await storage.put(key, body, contentTypeOf(key));
}
