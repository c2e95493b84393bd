import type { FastifyBaseLogger } from 'fastify';
import type { StorageBackend } from '../adapters/storage/storage.ts';
import type { DatabaseHandle } from './client.ts';
import { syncReferenceData } from './seed/reference-data.ts';
import { seedDemoData, hasOrganizations } from './seed/demo.ts';

export interface PrepareOptions {
  /** Seed demo organizations when the embedded database has none. */
  demoData: boolean;
  /** Where the demo images are written (adapters/storage). */
  storage: Pick<StorageBackend, 'put' | 'remove'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** Runs on every start: migrations, reference data, and demo data for a new embedded database. */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: PrepareOptions,
): Promise<void> {
  await database.migrate();
  await syncReferenceData(database.db);
  // Demo data never goes into a database given by DATABASE_URL unless asked (db:seed-demo).
  if (options.demoData && database.embedded && !(await hasOrganizations(database.db))) {
    const count = await seedDemoData(database.db, options.storage);
    options.log.info({ count }, 'seeded demo organizations into the new embedded database');
  }
}
