/**
 * `npm run bench`: fills databases (embedded PGlite, PostgreSQL) with synthetic published
 * organizations, starts the real server on each with one or more processes, and drives
 * GET /api/organizations with autocannon for a fixed time, beside the same server's /healthz as
 * the ceiling. Two mixes (bench/request-mix.ts), each on its own server start:
 *   cold  every request different, nothing kept by caches (DIRECTORY_CACHE_MS=0)
 *   warm  400 paths repeated, the server's own settings
 *
 * Options, defaulting to the table of ADR 018 (about 15 minutes, see README):
 *   --sizes 100000,1000000   without it: 100,000 on PGlite; 100,000 and 1,000,000 on PostgreSQL
 *   --databases pglite,postgres   --mixes cold,warm   --duration 10 (s)   --connections 10
 *   --processes 1,2   WEB_CONCURRENCY of the server; PGlite runs in one process only
 *   --keep   keep the PostgreSQL databases, and reuse one seeded by the same code to that size
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { coldMix, collectVocabulary, warmMix, type Vocabulary } from './request-mix.ts';
import { freePort, spawnServer, stopServer, waitForReady } from './server-process.ts';
import { rssMb, serverProcesses, waitUntilSettled } from './server-tree.ts';

type DatabaseKind = 'pglite' | 'postgres';
type MixName = 'cold' | 'warm';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string' },
    databases: { type: 'string', default: 'pglite,postgres' },
    mixes: { type: 'string', default: 'cold,warm' },
    processes: { type: 'string', default: '1,2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
  },
});

function wholeNumbers(option: string, text: string): number[] {
  const numbers = text.split(',').map(Number);
  if (numbers.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error(`--${option} takes whole numbers, comma-separated (got ${text})`);
  }
  return numbers;
}
function oneOf<T extends string>(option: string, text: string, allowed: readonly T[]): T[] {
  const chosen = text.split(',');
  const wrong = chosen.filter((name) => !allowed.includes(name as T));
  if (wrong.length > 0) throw new Error(`--${option} takes ${allowed.join(', ')}`);
  return chosen as T[];
}

/** The closing note's table: PGlite is the small deployment's database, so 100,000 only. */
const defaultSizes: Record<DatabaseKind, number[]> = {
  pglite: [100_000],
  postgres: [100_000, 1_000_000],
};
const databases = oneOf('databases', values.databases, ['pglite', 'postgres'] as const);
const sizesOf = (database: DatabaseKind) =>
  values.sizes ? wholeNumbers('sizes', values.sizes) : defaultSizes[database];
const mixes = oneOf('mixes', values.mixes, ['cold', 'warm'] as const);
const processCounts = wholeNumbers('processes', values.processes);
const [duration, connections] = [
  ...wholeNumbers('duration', values.duration),
  ...wholeNumbers('connections', values.connections),
] as [number, number];
const root = path.resolve(import.meta.dirname, '..');
const WARM_UP_SECONDS = 3;
/** A million organizations are loaded into memory before the server says it is ready. */
const READY_TIMEOUT_MS = 10 * 60_000;

function log(message: string) {
  process.stderr.write(`${message}\n`);
}
const orgs = (size: number) => size.toLocaleString('en-US');
const seconds = (since: number) => (Date.now() - since) / 1000;
const processCount = (count: number) => `${count} process${count === 1 ? '' : 'es'}`;

interface Load {
  /** Mean of autocannon's per-second samples. */
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors (timeouts among them) and answers other than 2xx. */
  errors: number;
  responses: number;
  /** Responses whose Server-Timing names a `cache` metric: a server-side cache answered. */
  fromCache: number;
}

/** Server-Timing is a comma-separated list of metrics, each a name and optional `;` params. */
function servedFromCache(headers: Record<string, string | string[] | undefined>) {
  return Object.entries(headers).some(
    ([name, value]) =>
      name.toLowerCase() === 'server-timing' &&
      [value ?? []]
        .flat()
        .join(',')
        .split(',')
        .some((metric) => metric.split(';')[0]!.trim().toLowerCase() === 'cache'),
  );
}

async function load(base: string, nextPath: () => string, forSeconds = duration): Promise<Load> {
  let responses = 0;
  let fromCache = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: forSeconds,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: nextPath() }),
        onResponse: (_status, _body, _context, headers) => {
          responses += 1;
          if (servedFromCache(headers as Record<string, string | string[]>)) fromCache += 1;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    responses,
    fromCache,
  };
}

interface MemorySummary {
  median: number;
  peak: number;
}
function summarize(samples: number[]): MemorySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, peak: sorted.at(-1) ?? 0 };
}

/** Every 250 ms, the RSS of each of the server's processes; stop() summarizes them. */
function sampleMemory(primary: number) {
  const byProcess = new Map<number, number[]>();
  const totals: number[] = [];
  const timer = setInterval(async () => {
    const pids = await serverProcesses(primary);
    const sizes = await Promise.all(pids.map(rssMb));
    pids.forEach((pid, index) =>
      byProcess.set(pid, [...(byProcess.get(pid) ?? []), sizes[index]!]),
    );
    totals.push(sizes.reduce((sum, mb) => sum + mb, 0));
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      const perProcess = [...byProcess].map(([pid, samples]) => ({ pid, ...summarize(samples) }));
      return { total: summarize(totals), perProcess };
    },
  };
}

async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Says which seed and schema made a database: the bulk seed's code and the migrations' names.
 * A kept database made by other code is seeded again rather than measured.
 */
async function seedFingerprint() {
  const migrations = (await readdir(path.join(root, 'apps/api/drizzle'))).sort().join('\n');
  const seedCode = await readFile(path.join(root, 'apps/api/src/db/seed/bulk.ts'), 'utf8');
  return createHash('sha256').update(seedCode).update(migrations).digest('hex').slice(0, 16);
}

/** `seed-bulk --count size` in the database of `env`, its progress on one line of stderr. */
function seed(env: NodeJS.ProcessEnv, size: number): Promise<number> {
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

interface Dataset {
  database: DatabaseKind;
  size: number;
  env: NodeJS.ProcessEnv;
  /** null when a kept PostgreSQL database was reused. */
  seedSeconds: number | null;
  /** Gathered on the first cold run, reused by the others on the same data. */
  vocabulary?: Vocabulary;
  dispose(): Promise<void>;
}

async function prepareDataset(
  database: DatabaseKind,
  size: number,
  postgresUrl: string | null,
): Promise<Dataset> {
  // DATA_DIR holds PGlite's files, and on PostgreSQL what the server keeps on disk.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  delete env.DATABASE_URL;
  if (database === 'pglite') {
    const seedSeconds = await seed(env, size);
    log(`  seeded in ${seedSeconds.toFixed(0)} s`);
    return {
      database,
      size,
      env,
      seedSeconds,
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }

  const name = `scaling_impact_bench_${size}`;
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  const fingerprint = await seedFingerprint();
  const reusable =
    values.keep &&
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
    seedSeconds = await seed(env, size);
    // Marked only once complete: an interrupted seed is never reused.
    await onPostgres(postgresUrl!, (admin) =>
      admin.query(`comment on database ${name} is '${fingerprint}'`),
    );
    log(`  seeded in ${seedSeconds.toFixed(0)} s${values.keep ? `; kept as ${name}` : ''}`);
  }
  return {
    database,
    size,
    env,
    seedSeconds,
    async dispose() {
      await rm(dataDir, { recursive: true, force: true });
      if (!values.keep) {
        await onPostgres(postgresUrl!, (admin) =>
          admin.query(`drop database if exists ${name} with (force)`),
        );
      }
    },
  };
}

interface Row {
  database: DatabaseKind;
  size: number;
  processes: number;
  mix: MixName;
  seedSeconds: number | null;
  health: Load;
  list: Load;
  /** Sum over the server's processes, and each process (the primary first). */
  rssMb: { total: MemorySummary; perProcess: (MemorySummary & { pid: number })[] };
  paths: { distinct: number; repeats: number };
}

async function measure(dataset: Dataset, processes: number, mixName: MixName): Promise<Row> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...dataset.env,
    PORT: String(port),
    WEB_CONCURRENCY: String(processes),
  };
  // Cold: nothing may come from the directory's caches. Warm: the server's default.
  if (mixName === 'cold') env.DIRECTORY_CACHE_MS = '0';
  else delete env.DIRECTORY_CACHE_MS;
  log(`  ${mixName}, ${processCount(processes)}: starting the server`);
  const started = Date.now();
  const server = spawnServer(root, env);
  let workers: number[] = [];
  try {
    await waitForReady(base, server, READY_TIMEOUT_MS);
    const pids = await waitUntilSettled(server.pid!, log);
    workers = pids.slice(1);
    log(`    ready in ${seconds(started).toFixed(0)} s (${processCount(pids.length)})`);
    if (processes > 1 && workers.length === 0) {
      log(`    WEB_CONCURRENCY=${processes} asked for, but the server runs in one process`);
    }
    const { meta } = (await (await fetch(`${base}/api/organizations`)).json()) as {
      meta: { total: number };
    };
    if (meta.total !== dataset.size) {
      log(`    the directory lists ${orgs(meta.total)} organizations, not ${orgs(dataset.size)}`);
    }
    if (mixName === 'cold' && !dataset.vocabulary) {
      log('    walking five lists 50 pages deep for words and cursor positions');
      dataset.vocabulary = await collectVocabulary(base);
    }
    const mix = mixName === 'cold' ? coldMix(dataset.vocabulary!) : await warmMix(base);
    log(`    healthz ${duration} s, warm-up ${WARM_UP_SECONDS} s, list ${duration} s`);
    const health = await load(base, () => '/healthz');
    // After the ceiling, so warm's cached entries are still fresh when the list run starts.
    await load(base, mix.next, WARM_UP_SECONDS);
    const memory = sampleMemory(server.pid!);
    const list = await load(base, mix.next);
    const rss = memory.stop();
    if (mixName === 'cold' && mix.repeats() > 0) {
      log(`    ${mix.repeats()} cold paths had to repeat (of ${mix.distinct()} distinct)`);
    }
    return {
      database: dataset.database,
      size: dataset.size,
      processes,
      mix: mixName,
      seedSeconds: dataset.seedSeconds,
      health,
      list,
      rssMb: rss,
      paths: { distinct: mix.distinct(), repeats: mix.repeats() },
    };
  } finally {
    await stopServer(server);
    // Workers leave with their primary; one that has not after five seconds is ended.
    for (let wait = 0; wait < 50 && workers.some(alive); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const pid of workers.filter(alive)) process.kill(pid, 'SIGKILL');
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const runStarted = Date.now();
let postgresUrl: string | null = null;
if (databases.includes('postgres')) {
  postgresUrl = execFileSync('bash', ['scripts/start-postgres.sh'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .trim()
    .split('\n')
    .at(-1)!;
}
const rows: Row[] = [];
const notes: string[] = [];
for (const database of databases) {
  const runnable = database === 'pglite' ? processCounts.filter((n) => n === 1) : processCounts;
  if (runnable.length < processCounts.length) {
    notes.push('PGlite runs in one process only: its runs with --processes above 1 were skipped.');
  }
  if (runnable.length === 0) continue;
  for (const size of sizesOf(database)) {
    log(`\n${database}, ${orgs(size)} organizations`);
    const dataset = await prepareDataset(database, size, postgresUrl);
    try {
      for (const processes of runnable) {
        for (const mix of mixes) rows.push(await measure(dataset, processes, mix));
      }
    } finally {
      await dataset.dispose();
    }
    notes.push(
      `${database} ${orgs(size)}: ${dataset.seedSeconds === null ? 'kept database reused' : `seeded in ${dataset.seedSeconds.toFixed(0)} s`}`,
    );
  }
}

const milliseconds = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
const megabytes = (memory: MemorySummary) =>
  `${memory.median.toFixed(0)}/${memory.peak.toFixed(0)}`;
const perProcess = (row: Row) =>
  row.rssMb.perProcess.length > 1 ? row.rssMb.perProcess.map(megabytes).join(' + ') : '-';
const columns: [string, number, (row: Row) => string | number][] = [
  ['database', -9, (row) => row.database],
  ['orgs', 10, (row) => orgs(row.size)],
  ['proc', 5, (row) => row.processes],
  ['mix', 5, (row) => row.mix],
  ['list req/s', 11, (row) => row.list.rps.toFixed(0)],
  ['p50 ms', 7, (row) => milliseconds(row.list.p50)],
  ['p99 ms', 7, (row) => milliseconds(row.list.p99)],
  ['healthz req/s', 14, (row) => row.health.rps.toFixed(0)],
  ['ratio', 6, (row) => percent(row.list.rps / row.health.rps)],
  ['RSS MB med/peak', 16, (row) => megabytes(row.rssMb.total)],
  ['per process', 28, (row) => perProcess(row)],
  ['cached', 7, (row) => percent(row.list.fromCache / Math.max(row.list.responses, 1))],
  ['errors', 7, (row) => row.list.errors],
];
const cell = (value: string | number, width: number) =>
  width < 0 ? String(value).padEnd(-width) : ` ${String(value).padStart(width - 1)}`;
console.log(
  `\nGET /api/organizations, ${connections} connections, ${duration} s per figure (req/s: mean of per-second samples; ratio: list over healthz on the same server; RSS: sum over the server's processes, then each, primary first; cached: answers whose Server-Timing names a cache)`,
);
console.log(columns.map(([title, width]) => cell(title, width)).join(''));
for (const row of rows)
  console.log(columns.map(([, width, value]) => cell(value(row), width)).join(''));

const targets = [
  { database: 'postgres', size: 100_000, p99: 50, ratio: 1 / 3 },
  { database: 'pglite', size: 100_000, p99: 100 },
  { database: 'postgres', size: 1_000_000, p99: 100 },
] as const;
console.log('\nTargets (cold mix, no errors):');
for (const target of targets) {
  const measured = rows.filter(
    (row) => row.database === target.database && row.size === target.size && row.mix === 'cold',
  );
  const name = `${target.database} ${orgs(target.size)}`;
  if (measured.length === 0) console.log(`  -     ${name}: not measured in this run`);
  for (const row of measured) {
    const ratio = row.list.rps / row.health.rps;
    const ratioTarget = 'ratio' in target ? target.ratio : null;
    const pass =
      row.list.p99 < target.p99 &&
      (ratioTarget === null || ratio >= ratioTarget) &&
      row.list.errors === 0;
    console.log(
      `  ${pass ? 'pass' : 'FAIL'}  ${name}, ${processCount(row.processes)}: p99 ${milliseconds(row.list.p99)} ms (under ${target.p99})${ratioTarget === null ? '' : `, ${(ratio * 100).toFixed(1)}% of healthz (at least a third)`}, ${row.list.errors} errors`,
    );
  }
}
for (const row of rows.filter((row) => row.mix === 'cold')) {
  notes.push(
    `${row.database} ${orgs(row.size)} cold, ${processCount(row.processes)}: ${row.paths.distinct} distinct paths sent, ${row.paths.repeats === 0 ? 'none' : row.paths.repeats} repeated`,
  );
}

await mkdir(path.join(root, '.bench'), { recursive: true });
const file = path.join(
  root,
  '.bench',
  `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
await writeFile(file, JSON.stringify(rows, null, 2));
notes.push(
  `whole run ${(seconds(runStarted) / 60).toFixed(1)} min; raw figures in ${path.relative(root, file)}`,
);
console.log(`\n${notes.join('\n')}`);
