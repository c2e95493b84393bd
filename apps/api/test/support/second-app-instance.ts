import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { withDatabase } from './global-setup.ts';
import { TEST_PUBLIC_URL, type TestContext } from './test-app.ts';

export interface SecondAppInstance {
  app: FastifyInstance;
  database: DatabaseHandle;
  /**
   * True on PostgreSQL: the instance has a connection pool of its own to the same database, as
   * a second server process has. On PGlite, whose database lives inside the first app's process,
   * it is a second app on the same handle: the nearest a single process comes.
   */
  ownPool: boolean;
  close(): Promise<void>;
}

/**
 * A second server instance on the database of `ctx`, configured as createTestApp configures the
 * first (same data directory, so the same auth secret and stored images). Close it before ctx.
 */
export async function startSecondAppInstance(
  ctx: TestContext,
  env: Record<string, string> = {},
): Promise<SecondAppInstance> {
  const serverUrl = inject('databaseServerUrl');
  let database = ctx.database;
  if (serverUrl) {
    const result = (await ctx.database.db.execute(
      sql`select current_database() as name`,
    )) as unknown as { rows: { name: string }[] };
    database = await openDatabase({
      databaseUrl: withDatabase(serverUrl, result.rows[0]!.name),
      poolSize: 4,
    });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ctx.dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    PERIODIC_JOBS: 'off',
    WEB_DIST_DIR: path.join(ctx.dataDir, 'no-web-build'),
    ...env,
  });
  const ownPool = database !== ctx.database;
  try {
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    return {
      app,
      database,
      ownPool,
      close: async () => {
        await app.close();
        if (ownPool) await database.close();
      },
    };
  } catch (error) {
    if (ownPool) await database.close();
    throw error;
  }
}
