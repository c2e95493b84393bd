/**
 * The benchmark's databases: synthetic published organizations seeded by `seed-bulk`, on the
 * embedded PGlite (a fresh DATA_DIR) or on PostgreSQL (a database of its own,
 * scaling_impact_bench_<size>, kept and reused with --keep).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { log, orgs, seconds } from './formatting.ts';
import type { Vocabulary } from './request-mix.ts';
import type { RoleVocabulary } from './role-mix.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Dataset {
  database: DatabaseKind;
  size: number;
  env: NodeJS.ProcessEnv;
  /** null when a kept PostgreSQL database was reused. */
  seedSeconds: number | null;
  /** The PostgreSQL database's name when --keep keeps it for the next runs; otherwise null. */
  keptAs: string | null;
  /** Gathered on the first run that needs it, reused by the others on the same data. */
  vocabulary?: Vocabulary;
  /** The same for the roles mix (bench/role-mix.ts). */
  roleVocabulary?: RoleVocabulary;
  dispose(): Promise<void>;
}

export async function onPostgres<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Says which seed code and schema made a database: the seed files `keep` picks (relative to
 * apps/api/src/db/seed) and the migrations' names. A kept database made by other code is seeded
 * again rather than measured.
 */
export async function seedFingerprint(root: string, keep: (file: string) => boolean) {
  const migrations = (await readdir(path.join(root, 'apps/api/drizzle'))).sort().join('\n');
  const seedDir = path.join(root, 'apps/api/src/db/seed');
  const files = (await readdir(seedDir, { recursive: true })).filter(keep).sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await readFile(path.join(seedDir, file)));
  return hash.update(migrations).digest('hex').slice(0, 16);
}

/** The bulk seed's files: the organizations and their roles. */
const isBulkSeedCode = (file: string) => /^bulk.*\.ts$/.test(file);

/** `seed-bulk --count size` in the database of `env`, its progress on one line of stderr. */
function seed(root: string, env: NodeJS.ProcessEnv, size: number): Promise<number> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/index.ts', 'seed-bulk', '--count', String(size)],
    { cwd: root, env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // pino writes JSON lines: show the progress and warnings, pass on anything that is not JSON.
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let entry: { level?: number; msg?: string; done?: number; of?: number };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      log(line);
      return;
    }
    if (entry.msg === 'bulk seeding') {
      process.stderr.write(`\r  seeding ${orgs(entry.done ?? 0)} of ${orgs(entry.of ?? 0)}`);
    } else if ((entry.level ?? 0) >= 40) log(`  ${entry.msg}`);
  });
  return new Promise((resolve, reject) => {
    child.once('close', (code) => {
      process.stderr.write('\n');
      if (code === 0) resolve(seconds(started));
      else reject(new Error(`seed-bulk exited with code ${code}`));
    });
  });
}

export interface DatasetOptions {
  root: string;
  database: DatabaseKind;
  size: number;
  /** PostgreSQL only: a connection URL of the server; the benchmark makes its own database. */
  postgresUrl: string | null;
  /** Keep the PostgreSQL database, and reuse one seeded by the same code to that size. */
  keep: boolean;
}

export async function prepareDataset(options: DatasetOptions): Promise<Dataset> {
  const { root, database, size, postgresUrl, keep } = options;
  // DATA_DIR holds PGlite's files, and on PostgreSQL what the server keeps on disk.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    // Every request comes from this one address: without these, the per-address caps would stop
    // counting profile insights within a second, and the figures would leave their cost out.
    INSIGHTS_CLIENT_CAP: '1000000000',
    INSIGHTS_CLIENT_PER_MINUTE: '1000000000',
    // Nor would the public API's per-address limit (ADR 055) let the run through; its count (in
    // the process's memory, no database write) stays in the figures.
    RATE_LIMIT_PUBLIC_API_MAX: '1000000000',
  };
  delete env.DATABASE_URL;
  if (database === 'pglite') {
    const seedSeconds = await seed(root, env, size);
    log(`  seeded in ${seedSeconds.toFixed(0)} s`);
    return {
      database,
      size,
      env,
      seedSeconds,
      keptAs: null,
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }

  const name = `scaling_impact_bench_${size}`;
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  const fingerprint = await seedFingerprint(root, isBulkSeedCode);
  const reusable =
    keep &&
    (await onPostgres(postgresUrl!, async (admin) => {
      const found = await admin.query<{ comment: string | null }>(
        `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
        [name],
      );
      return found.rows[0]?.comment === fingerprint;
    })) &&
    (await onPostgres(env.DATABASE_URL, async (client) => {
      const { rows } = await client.query<{ published: number; total: number }>(
        'select count(*) filter (where published)::int as published, count(*)::int as total from organizations',
      );
      return rows[0]?.published === size && rows[0]?.total === size;
    }).catch(() => false));
  let seedSeconds: number | null = null;
  if (reusable) {
    log(`  reusing the kept database ${name} (${orgs(size)} published organizations)`);
  } else {
    await onPostgres(postgresUrl!, async (admin) => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    });
    seedSeconds = await seed(root, env, size);
    // Marked only once complete: an interrupted seed is never reused.
    await onPostgres(postgresUrl!, (admin) =>
      admin.query(`comment on database ${name} is '${fingerprint}'`),
    );
    log(`  seeded in ${seedSeconds.toFixed(0)} s${keep ? `; kept as ${name}` : ''}`);
  }
  return {
    database,
    size,
    env,
    seedSeconds,
    keptAs: keep ? name : null,
    async dispose() {
      await rm(dataDir, { recursive: true, force: true });
      if (!keep) {
        await onPostgres(postgresUrl!, (admin) =>
          admin.query(`drop database if exists ${name} with (force)`),
        );
      }
    },
  };
}
