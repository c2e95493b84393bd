/**
 * `npm run bench`: fills fresh databases (embedded PGlite, then PostgreSQL) with synthetic
 * published organizations, starts the real server on each, and drives GET /api/organizations
 * with mixed filters for a fixed time, beside the same server's /healthz as the ceiling.
 *
 * Options: --sizes 10000,100000  --databases pglite,postgres  --duration 10  --connections 10
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildRequestPaths } from './request-mix.ts';
import { waitForReady } from './server-process.ts';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    databases: { type: 'string', default: 'pglite,postgres' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const databases = values.databases.split(',') as ('pglite' | 'postgres')[];
const duration = Number(values.duration);
const connections = Number(values.connections);
const root = path.resolve(import.meta.dirname, '..');
const tsx = ['--import', 'tsx'];

interface Row {
  database: string;
  size: number;
  seedSeconds: number;
  health: { rps: number; p50: number; p99: number };
  list: { rps: number; p50: number; p99: number; errors: number; non2xx: number };
  rssMb: { median: number; peak: number };
}

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

function rssMb(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then(
    (status) => Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
  );
}

async function load(url: string, paths: string[]) {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function prepare(database: 'pglite' | 'postgres', size: number, env: NodeJS.ProcessEnv) {
  const started = Date.now();
  execFileSync(
    process.execPath,
    [...tsx, 'apps/api/src/cli/index.ts', 'seed-bulk', '--count', String(size)],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  log(
    `  seeded ${size.toLocaleString('en-US')} organizations into ${database} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return (Date.now() - started) / 1000;
}

async function runOne(
  database: 'pglite' | 'postgres',
  size: number,
  postgresUrl: string | null,
  port: number,
): Promise<Row> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  let dropDatabase: (() => Promise<void>) | null = null;
  if (database === 'postgres') {
    const name = `scaling_impact_bench_${size}`;
    const admin = new pg.Client({ connectionString: postgresUrl! });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: postgresUrl! });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  log(`\n${database}, ${size.toLocaleString('en-US')} organizations`);
  const seedSeconds = await prepare(database, size, env);
  const server = spawn(process.execPath, [...tsx, 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(base, server);
    const paths = await buildRequestPaths(base, 400);
    log(`  ${paths.length} distinct list requests; warming up`);
    await autocannon({ url: base, connections, duration: 3, requests: [{ path: paths[0]! }] });
    const health = await load(base, ['/healthz']);
    const samples: number[] = [];
    const sampler = setInterval(() => void rssMb(server.pid!).then((mb) => samples.push(mb)), 250);
    const list = await load(base, paths);
    clearInterval(sampler);
    samples.sort((a, b) => a - b);
    return {
      database,
      size,
      seedSeconds,
      health,
      list,
      rssMb: { median: samples[Math.floor(samples.length / 2)] ?? 0, peak: samples.at(-1) ?? 0 },
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
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
let port = 3400;
for (const database of databases) {
  for (const size of sizes) {
    rows.push(await runOne(database, size, postgresUrl, port++));
  }
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
console.log(
  `\nGET /api/organizations, mixed filters, ${connections} connections, ${duration} s each (req/s: mean of per-second samples)`,
);
console.log(
  `${'database'.padEnd(9)}${pad('orgs', 9)}${pad('list req/s', 12)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('healthz req/s', 15)}${pad('ratio', 7)}${pad('RSS MB (median/peak)', 22)}${pad('errors', 8)}`,
);
for (const row of rows) {
  console.log(
    `${row.database.padEnd(9)}${pad(row.size.toLocaleString('en-US'), 9)}${pad(Math.round(row.list.rps), 12)}${pad(row.list.p50, 8)}${pad(row.list.p99, 8)}${pad(Math.round(row.health.rps), 15)}${pad(`${((row.list.rps / row.health.rps) * 100).toFixed(0)}%`, 7)}${pad(`${row.rssMb.median.toFixed(0)}/${row.rssMb.peak.toFixed(0)}`, 22)}${pad(row.list.errors + row.list.non2xx, 8)}`,
  );
}
await mkdir(path.join(root, '.bench'), { recursive: true });
const file = path.join(
  root,
  '.bench',
  `results-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
await writeFile(file, JSON.stringify(rows, null, 2));
console.log(
  `\nTargets at 100,000 on PostgreSQL: p99 under 50 ms, at least a third of the healthz throughput. Raw figures: ${path.relative(root, file)}`,
);
