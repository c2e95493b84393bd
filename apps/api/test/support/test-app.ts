import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import type { HostResolver } from '../../src/modules/webhooks/target-policy.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_PUBLIC_URL = 'http://directory.test';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh database and an app on it, answering through fastify.inject. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logLines?: string[]; resolveHost?: HostResolver } = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-test-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    // Tests run the jobs themselves, at the moment they choose.
    PERIODIC_JOBS: 'off',
    // The web build is not needed for API tests: the bare page template stands in.
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const logger = options.logLines
    ? { level: 'info', stream: { write: (line: string) => options.logLines!.push(line) } }
    : false;
  const app = await buildApp({ config, database, logger, resolveHost: options.resolveHost });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
