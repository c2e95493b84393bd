import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../package-paths.ts';
import { lockDataDir, type CommandHandler } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** True when the database is the embedded one this process created. */
  embedded: boolean;
  ping(): Promise<void>;
  /** Applies pending migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  /** Embedded in a folder only: operator commands sent by the CLI run here (db/data-dir-lock.ts). */
  acceptCommands?: (handler: CommandHandler) => void;
  /** Embedded only: a copy of the data directory, from which tests start fresh databases. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

const MIGRATION_LOCK_KEY = 727274001;

export interface OpenDatabaseOptions {
  /** postgres:// URL. Without it, the embedded PGlite database runs. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** Who opens an embedded folder ('server' or the command's name): told to whoever else tries. */
  role?: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // An idle connection the server closes (a restart, a failover, an administrator) is dropped
    // by the pool, and the next query opens a new one; unhandled, the event would end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      embedded: false,
      ping: async () => {
        await pool.query('select 1');
      },
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  // A folder is opened by one process at a time; the lock is taken before PGlite reads a byte.
  const lock = inMemory ? null : await lockDataDir(dataDir, options.role ?? 'server');
  let client: PGlite;
  try {
    client = await PGlite.create(
      inMemory ? dataDir : path.resolve(dataDir, 'pglite'),
      options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
    );
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    embedded: true,
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ...(lock ? { acceptCommands: (handler: CommandHandler) => lock.acceptCommands(handler) } : {}),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      await lock?.release();
    },
  };
}
