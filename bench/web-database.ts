/**
 * The prepared database of `npm run bench:web`: the demo organizations (profiles with logos and
 * banners) and `count` synthetic published ones, kept between runs because seeding 100,000 on
 * the embedded PGlite takes minutes. A marker file written after seeding says it is complete.
 */
import { execFileSync } from 'node:child_process';
import { readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { seedFingerprint } from './dataset.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface WebDatabase {
  kind: DatabaseKind;
  /**
   * This process's environment with DATA_DIR (the PGlite files, demo images, the marker) and
   * DATABASE_URL set on PostgreSQL, removed on PGlite.
   */
  env: NodeJS.ProcessEnv;
  /** The marker says seeding finished for this count (and the PostgreSQL database is there). */
  isComplete(): Promise<boolean>;
  /** Empties it and seeds it again: migrations, demo organizations, then `count` bulk ones. */
  rebuild(): Promise<void>;
}

interface Marker {
  count: number;
  /** The seed code and migrations that made it: other code seeds it again. */
  seedCode: string;
  seedSeconds: number;
  seededAt: string;
}

export function openWebDatabase(options: {
  root: string;
  kind: DatabaseKind;
  count: number;
  /** Where prepared data directories are kept (gitignored). */
  baseDir: string;
  /** PostgreSQL only: a connection URL of the server; the benchmark makes its own database. */
  serverUrl?: string;
  log: (message: string) => void;
}): WebDatabase {
  const { root, kind, count, log } = options;
  const dataDir = path.join(options.baseDir, `web-${kind}-${count}`);
  const markerFile = path.join(dataDir, 'bench-web.json');
  const databaseName = `scaling_impact_bench_web_${count}`;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const url = new URL(options.serverUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  // The demo and the bulk seed both run: any seed file counts.
  const seedCode = () => seedFingerprint(root, (file) => file.endsWith('.ts'));
  if (!databaseUrl) delete env.DATABASE_URL;

  async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: options.serverUrl! });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  function cli(...args: string[]) {
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/index.ts', ...args], {
      cwd: root,
      env: { ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }

  return {
    kind,
    env,
    async isComplete() {
      const marker = await readFile(markerFile, 'utf8').then(
        (text) => JSON.parse(text) as Marker,
        () => null,
      );
      if (marker?.count !== count || marker.seedCode !== (await seedCode())) return false;
      if (kind === 'pglite') return true;
      return withServer(async (client) => {
        const found = await client.query('select 1 from pg_database where datname = $1', [
          databaseName,
        ]);
        return found.rowCount === 1;
      });
    },
    async rebuild() {
      const started = Date.now();
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir, { recursive: true });
      if (kind === 'postgres') {
        await withServer(async (client) => {
          await client.query(`drop database if exists ${databaseName} with (force)`);
          await client.query(`create database ${databaseName}`);
        });
      }
      log(`seeding the demo organizations and ${count.toLocaleString('en-US')} more (${kind})`);
      cli('seed-demo');
      // The demo data alone (--count 0) has nothing more to add: seed-bulk takes 1 or more.
      if (count > 0) cli('seed-bulk', '--count', String(count));
      const marker: Marker = {
        count,
        seedCode: await seedCode(),
        seedSeconds: (Date.now() - started) / 1000,
        seededAt: new Date().toISOString(),
      };
      await writeFile(markerFile, JSON.stringify(marker, null, 2));
      log(`seeded in ${marker.seedSeconds.toFixed(0)} s; kept in ${path.relative(root, dataDir)}`);
    },
  };
}
