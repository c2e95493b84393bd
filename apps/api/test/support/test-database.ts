import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { withDatabase } from './global-setup.ts';
import { TEMPLATE_DATABASE, adminUrl } from './postgres.ts';

/**
 * A fresh, migrated database with reference data: an in-memory PGlite copied from the template
 * dump, or a new PostgreSQL database cloned from the template database. close() removes it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = inject('databaseServerUrl');
  if (serverUrl) {
    const name = `scaling_impact_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await admin.connect();
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), poolSize: 4 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: adminUrl(serverUrl) });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = await readFile(inject('templateDump'));
  return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
}

/**
 * A new database with nothing in it (not even the migrations) on the test PostgreSQL server, or
 * null when the tests run on PGlite: the target a restore needs.
 */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
} | null> {
  const serverUrl = inject('databaseServerUrl');
  if (!serverUrl) return null;
  const name = `scaling_impact_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name} template template0`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
