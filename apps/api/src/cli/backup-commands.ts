import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import type { CommandOutput } from '../db/data-dir-lock.ts';
import { rowsOf } from '../db/backup/database-tables.ts';
import { createBackup } from '../db/backup/create-backup.ts';
import {
  UnusableBackupError,
  readBackup,
  restoreRows,
  restoreUploads,
} from '../db/backup/restore-backup.ts';
import { createStorage } from '../adapters/storage/index.ts';
import { readAuthSecret, writeAuthSecretFile } from '../identity/secret.ts';
import { SIGN_EVERYONE_OUT, planRestoredSecret } from '../db/backup/restore-secret.ts';

export const backupUsage = `  backup FILE                 write the database, the auth secret and the images to one .tar.gz file
  restore FILE [${SIGN_EVERYONE_OUT}]
                              restore a backup into an empty DATA_DIR or an empty DATABASE_URL
                              (the flag: even when the server would sign with another secret)`;

/** Where images are files (no S3_BUCKET): the backup holds them, the restore writes them. */
const uploadsFolder = (config: Config) =>
  config.S3_BUCKET ? null : path.resolve(config.DATA_DIR, 'uploads');

/** Paths are the operator's: resolved where the CLI runs, before the server may run the command. */
export function resolveBackupFile(argv: string[]): string[] {
  const [command, file, ...rest] = argv;
  return (command === 'backup' || command === 'restore') && file
    ? [command, path.resolve(file), ...rest]
    : argv;
}

export async function runBackup(
  rest: string[],
  context: { database: DatabaseHandle; config: Config; output: CommandOutput },
): Promise<number> {
  const [file] = rest;
  if (!file || rest.length > 1) {
    context.output.err(`Usage: npm run cli -- backup FILE`);
    return 2;
  }
  const authSecret = await readAuthSecret(context.config.AUTH_SECRET, context.config.DATA_DIR);
  if (!authSecret) {
    context.output.err(
      `No auth secret to back up: AUTH_SECRET is unset and DATA_DIR ${path.resolve(context.config.DATA_DIR)} holds no auth-secret. Run the backup with the server's settings (its AUTH_SECRET or its DATA_DIR); nothing was written`,
    );
    return 1;
  }
  const started = Date.now();
  const summary = await createBackup(context.database, {
    file: path.resolve(file),
    uploadsRoot: uploadsFolder(context.config),
    authSecret,
  });
  context.output.out(
    `Backed up ${summary.rows} rows of ${summary.tables} tables and ${summary.uploads} images to ${summary.file} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (context.config.S3_BUCKET ? ' (the images stay in the bucket: keep its versioning on)' : ''),
  );
  return 0;
}

/** Whether a folder is missing or empty. */
async function isEmptyFolder(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
}

/** Tables of any schema but the system's: a database that has them is not a restore target. */
async function hasTables(database: DatabaseHandle): Promise<boolean> {
  const [row] = await rowsOf<{ tables: number }>(
    database.db,
    sql`select count(*)::int as tables from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  return (row?.tables ?? 0) > 0;
}

/**
 * Restores a backup into an empty target. Never runs inside the server: a folder a server
 * holds is not empty. The whole file is checked before anything is written.
 */
export async function runRestore(
  rest: string[],
  context: { config: Config; log: Logger; output: CommandOutput },
): Promise<number> {
  const { config, log, output } = context;
  const signEveryoneOut = rest.includes(SIGN_EVERYONE_OUT);
  const [file, ...others] = rest.filter((arg) => arg !== SIGN_EVERYONE_OUT);
  if (!file || others.length > 0) {
    output.err(`Usage: npm run cli -- restore FILE [${SIGN_EVERYONE_OUT}]`);
    return 2;
  }
  let backup;
  try {
    backup = await readBackup(path.resolve(file));
  } catch (error) {
    if (!(error instanceof UnusableBackupError)) throw error;
    output.err(error.message);
    return 1;
  }
  const embedded = !config.DATABASE_URL;
  const uploads = uploadsFolder(config);
  if (embedded && !(await isEmptyFolder(config.DATA_DIR))) {
    output.err(
      `DATA_DIR ${path.resolve(config.DATA_DIR)} is not empty (a server may be running on it): restore only into a new, empty folder; nothing was restored`,
    );
    return 1;
  }
  if (!embedded && uploads && backup.uploads.size > 0 && !(await isEmptyFolder(uploads))) {
    output.err(`${uploads} is not empty: restore the images only into an empty folder`);
    return 1;
  }
  const secret = await planRestoredSecret(backup, config, { signEveryoneOut });
  if ('refusal' in secret) {
    output.err(secret.refusal);
    return 1;
  }
  if (embedded) await mkdir(config.DATA_DIR, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    role: 'restore',
  });
  let restored = false;
  const storage = createStorage(config);
  try {
    if (!embedded && (await hasTables(database))) {
      output.err(
        'The database of DATABASE_URL is not empty: restore only into a new, empty database; nothing was restored',
      );
      return 1;
    }
    await database.migrate();
    await restoreRows(database, backup);
    await restoreUploads(storage, backup);
    if (secret.write) await writeAuthSecretFile(config.DATA_DIR, secret.write);
    restored = true;
    const rows = Object.values(backup.manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    output.out(
      `Restored ${rows} rows and ${backup.uploads.size} images from a backup of ${backup.manifest.createdAt}` +
        (backup.manifest.uploads === null
          ? ' (its images were in a bucket: restore the bucket to that time from its versions)'
          : '') +
        (secret.write ? ', and its auth secret into DATA_DIR/auth-secret' : ''),
    );
    for (const note of secret.notes) output.out(note);
    return 0;
  } catch (error) {
    log.error(error instanceof Error ? error.message : error);
    output.err(
      embedded
        ? 'The restore failed; DATA_DIR is left empty again.'
        : 'The restore failed: drop and create the database again before the next try.',
    );
    return 1;
  } finally {
    await database.close();
    await storage.close();
    // The folder was empty: what a failed restore wrote there would only stop the next try.
    if (embedded && !restored) {
      for (const entry of await readdir(config.DATA_DIR)) {
        await rm(path.join(config.DATA_DIR, entry), { recursive: true, force: true });
      }
    }
  }
}
