/**
 * `npm run bench`: fills databases (embedded PGlite, PostgreSQL) with synthetic published
 * organizations, starts the real server on each with one or more processes, and drives it with
 * autocannon for a fixed time, beside the same server's /healthz as the ceiling. Two suites:
 *   list   GET /api/organizations, cold and warm mixes (bench/list-suite.ts), the table of
 *          ADR 018 (about 15 minutes, docs/operations/benchmarks.md)
 *   pages  profiles, filtered home pages and share images, each URL new, and a repeat mix
 *          (bench/pages-suite.ts, bench/page-mix.ts), the targets in benchmarks.md (about 12 minutes)
 *   render the web app's server render by itself, in this process, with the API answers in
 *          memory: profiles and filtered home pages (bench/render-suite.ts, about 2 minutes)
 *
 * Options (defaults: list suite / pages suite):
 *   --suite list|pages|render   (pages too when --mixes names only page figures)
 *   --sizes 100000,1000000   list: 100,000 on PGlite; 100,000 and 1,000,000 on PostgreSQL.
 *                            pages: 100,000
 *   --databases pglite,postgres / postgres
 *   --mixes cold,warm / profiles,first-renders,home,og,repeat; the list suite also takes
 *            cold-alerts: the cold mix while an alert run over 10,000 saved searches goes on
 *            (PGlite only: the CLI hands the run to the server holding the embedded database)
 *   --duration 10 (s)   --connections 10 / 16
 *   --processes 1,2   WEB_CONCURRENCY of the server; PGlite runs in one process only
 *   --keep   keep the PostgreSQL databases, and reuse one seeded by the same code to that size
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDataset, type DatabaseKind } from './dataset.ts';
import { log, orgs, seconds } from './formatting.ts';
import { listMixes, measureList, reportList, type ListRow } from './list-suite.ts';
import { pageFigures } from './page-mix.ts';
import { reportPages } from './pages-report.ts';
import { ensureWebBuild, finishPages, measurePages, type PageRow } from './pages-suite.ts';
import { measureRenders, reportRenders, type RenderRow } from './render-suite.ts';

const { values } = parseArgs({
  options: {
    suite: { type: 'string' },
    sizes: { type: 'string' },
    databases: { type: 'string' },
    mixes: { type: 'string' },
    processes: { type: 'string', default: '1,2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string' },
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

const namesPages = values.mixes
  ?.split(',')
  .every((name) => (pageFigures as readonly string[]).includes(name));
const [suite] = oneOf('suite', values.suite ?? (namesPages ? 'pages' : 'list'), [
  'list',
  'pages',
  'render',
] as const);
const pages = suite === 'pages';
const renders = suite === 'render';
/** ADR 018's table for the list; benchmarks.md's for the pages. PGlite: the small deployment's. */
const defaultSizes: Record<DatabaseKind, number[]> =
  pages || renders
    ? { pglite: [100_000], postgres: [100_000] }
    : { pglite: [100_000], postgres: [100_000, 1_000_000] };
const databases = oneOf(
  'databases',
  values.databases ?? (pages || renders ? 'postgres' : 'pglite,postgres'),
  ['pglite', 'postgres'] as const,
);
const sizesOf = (database: DatabaseKind) =>
  values.sizes ? wholeNumbers('sizes', values.sizes) : defaultSizes[database];
const listMixesChosen =
  pages || renders ? [] : oneOf('mixes', values.mixes ?? 'cold,warm', listMixes);
const figures = pages ? oneOf('mixes', values.mixes ?? pageFigures.join(','), pageFigures) : [];
const processCounts = wholeNumbers('processes', values.processes);
const [duration, connections] = [
  ...wholeNumbers('duration', values.duration),
  ...wholeNumbers('connections', values.connections ?? (pages ? '16' : '10')),
] as [number, number];
const root = path.resolve(import.meta.dirname, '..');

const runStarted = Date.now();
ensureWebBuild(root);
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
const listRows: ListRow[] = [];
const pageRows: PageRow[] = [];
const renderRows: RenderRow[] = [];
const notes: string[] = [];
for (const database of databases) {
  const runnable = database === 'pglite' ? processCounts.filter((n) => n === 1) : processCounts;
  if (runnable.length < processCounts.length) {
    notes.push('PGlite runs in one process only: its runs with --processes above 1 were skipped.');
  }
  if (runnable.length === 0) continue;
  for (const size of sizesOf(database)) {
    log(`\n${database}, ${orgs(size)} organizations`);
    const dataset = await prepareDataset({ root, database, size, postgresUrl, keep: values.keep });
    try {
      if (renders) renderRows.push(...(await measureRenders(root, dataset)));
      for (const processes of renders ? [] : runnable) {
        if (pages) {
          pageRows.push(
            ...(await measurePages(dataset, processes, { figures, duration, connections }, notes)),
          );
        }
        for (const mix of listMixesChosen) {
          if (mix === 'cold-alerts' && database !== 'pglite') {
            notes.push('cold-alerts runs on PGlite only: skipped on PostgreSQL.');
            continue;
          }
          listRows.push(await measureList(dataset, processes, mix, { duration, connections }));
        }
      }
    } finally {
      await dataset.dispose();
    }
    notes.push(
      `${database} ${orgs(size)}: ${dataset.seedSeconds === null ? 'kept database reused' : `seeded in ${dataset.seedSeconds.toFixed(0)} s`}`,
    );
    const ids = await finishPages(dataset);
    if (ids) notes.push(ids);
  }
}

if (renders) {
  console.log(reportRenders(renderRows).join('\n'));
} else {
  const report = pages
    ? reportPages(pageRows, { duration, connections })
    : reportList(listRows, { duration, connections });
  console.log(report.lines.join('\n'));
  notes.push(...report.notes);
}

await mkdir(path.join(root, '.bench'), { recursive: true });
const file = path.join(
  root,
  '.bench',
  `${renders ? 'renders' : pages ? 'pages' : 'results'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
await writeFile(file, JSON.stringify(renders ? renderRows : pages ? pageRows : listRows, null, 2));
notes.push(
  `whole run ${(seconds(runStarted) / 60).toFixed(1)} min; raw figures in ${path.relative(root, file)}`,
);
console.log(`\n${notes.join('\n')}`);
