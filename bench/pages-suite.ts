/**
 * The pages suite of `npm run bench -- --suite pages`: on one server start, /healthz as the
 * ceiling, then each page figure of bench/page-mix.ts (profiles, home, og, repeat), every
 * request with `accept-encoding: br, gzip`, pages with `accept: text/html`. A distinct figure's
 * warm-up takes new URLs of its own, so the figure's are new to the server too; the repeat
 * figure's warm-up is one pass over its URLs, then the same couple of seconds. Each figure starts
 * once the server's processes are idle again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Dataset, DatabaseKind } from './dataset.ts';
import { log, orgs } from './formatting.ts';
import { load, type Load } from './load.ts';
import {
  figureMix,
  pageSources,
  publishedIds,
  type PageFigure,
  type PageSources,
} from './page-mix.ts';
import { collectVocabulary, type RequestMix } from './request-mix.ts';
import { onServer, type RunningServer } from './server-start.ts';
import { sampleMemory, waitUntilSettled, type MemoryFigures } from './server-tree.ts';

export interface PageRow {
  database: DatabaseKind;
  size: number;
  processes: number;
  figure: PageFigure;
  seedSeconds: number | null;
  /** The same server's /healthz, measured before its page figures. */
  health: Load;
  load: Load;
  rssMb: MemoryFigures;
  /** URLs sent in the figure (warm-up left out): new ones, and ones sent before. */
  urls: { distinct: number; repeats: number };
}

export interface PagesOptions {
  figures: PageFigure[];
  duration: number;
  connections: number;
}

const WARM_UP_SECONDS = 2;
const SETTLE_TIMEOUT_MS = 60_000;
const pageHeaders = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
const imageHeaders = { accept: 'image/png,image/*;q=0.8', 'accept-encoding': 'br, gzip' };
const feedHeaders = {
  accept: 'application/atom+xml, application/rss+xml;q=0.9',
  'accept-encoding': 'br, gzip',
};

/**
 * Builds the web app and the server when missing or older than their sources (as `npm start`
 * does): the benchmark runs the built server, as production does, and it renders pages with
 * apps/web/dist-server (without it they would render in the browser, measuring nothing).
 */
export function ensureWebBuild(root: string) {
  log('node scripts/build-if-stale.mjs');
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], {
    cwd: root,
    stdio: ['ignore', 2, 'inherit'],
  });
  for (const file of [
    'apps/web/dist/index.html',
    'apps/web/dist-server/entry-server.js',
    'apps/api/dist/server.js',
  ]) {
    if (!existsSync(path.join(root, file))) {
      throw new Error(`${file} is missing after the build: pages would not be server-rendered`);
    }
  }
}

/** Per dataset: its ids, home pages and repeat set, gathered on its first server start. */
const sourcesOf = new WeakMap<Dataset, PageSources>();

const root = path.resolve(import.meta.dirname, '..');
/**
 * With --keep, the ids the runs on a kept database have used, so that the next runs on it take
 * others (a share card or a page kept anywhere but in the run's fresh DATA_DIR cannot help them).
 * A database seeded again has new ids: its file starts over.
 */
const usedIdsFile = (database: string) =>
  path.join(root, '.bench', `pages-used-ids-${database}.json`);

async function usedEarlier(dataset: Dataset): Promise<Set<string>> {
  if (!dataset.keptAs) return new Set();
  const file = usedIdsFile(dataset.keptAs);
  if (dataset.seedSeconds !== null) {
    await rm(file, { force: true });
    return new Set();
  }
  const text = await readFile(file, 'utf8').catch(() => '[]');
  return new Set(JSON.parse(text) as string[]);
}

async function sourcesFor(dataset: Dataset, base: string): Promise<PageSources> {
  let sources = sourcesOf.get(dataset);
  if (!sources) {
    if (!dataset.vocabulary) {
      log('    walking five lists 50 pages deep for words and cursor positions');
      dataset.vocabulary = await collectVocabulary(base);
    }
    log('    walking the whole list for the published ids');
    const used = await usedEarlier(dataset);
    const ids = (await publishedIds(base)).filter((id) => !used.has(id));
    if (used.size > 0) {
      log(`    ${orgs(used.size)} left out: earlier runs on the kept database used them`);
    }
    sources = pageSources(ids, dataset.vocabulary);
    sourcesOf.set(dataset, sources);
  }
  return sources;
}

/**
 * One page of each kind from the repeat set, and a share image of one of its profiles (never
 * one the og figure sends): a problem means the figures would measure something else.
 */
async function checkPages(base: string, sources: PageSources): Promise<string[]> {
  const problems: string[] = [];
  const profile = sources.repeat.find((url) => url.startsWith('/organizations/'))!;
  const home = sources.repeat.find((url) => url === '/' || url.startsWith('/?'))!;
  for (const url of [profile, home]) {
    const response = await fetch(base + url, { headers: pageHeaders });
    const body = await response.text();
    if (!response.ok) problems.push(`${url} answered ${response.status}`);
    else if (!body.includes('id="app-state"')) {
      problems.push(
        `${url} came without server-rendered state (id="app-state"): rendered in the browser?`,
      );
    }
  }
  const image = `/og${profile}.png`;
  const response = await fetch(base + image, { headers: imageHeaders });
  await response.arrayBuffer();
  if (!response.ok || response.headers.get('content-type') !== 'image/png') {
    problems.push(`${image} answered ${response.status} ${response.headers.get('content-type')}`);
  }
  return problems;
}

async function measureFigure(
  server: RunningServer,
  sources: PageSources,
  figure: PageFigure,
  options: PagesOptions,
) {
  const { connections, duration } = options;
  const headers =
    figure === 'og' || figure === 'badges'
      ? imageHeaders
      : figure === 'feeds'
        ? feedHeaders
        : pageHeaders;
  // A stopped server refuses every connection at once, and autocannon tries again and again: no
  // new URL is spent on that.
  const from = (mix: RequestMix) => () => (server.running() ? mix.next() : '/healthz');
  if (figure === 'repeat') {
    await load(server.base, from(figureMix('repeat', sources)), {
      connections,
      duration,
      amount: sources.repeat.length,
      headers,
    });
  }
  await load(server.base, from(figureMix(figure, sources)), {
    connections,
    duration: WARM_UP_SECONDS,
    headers,
  });
  // What the warm-up left in flight (a share card's drawing goes on when its request is dropped)
  // must not weigh on the figure.
  await waitUntilSettled(server.pid, log, SETTLE_TIMEOUT_MS, 1);
  const mix = figureMix(figure, sources);
  const memory = sampleMemory(server.pid);
  const measured = await load(server.base, from(mix), { connections, duration, headers });
  const rssMb = memory.stop();
  if (figure !== 'repeat' && mix.repeats() > 0) {
    log(
      `    ${mix.repeats()} ${figure} URLs had to repeat (of ${mix.distinct()} new): too few organizations`,
    );
  }
  return { load: measured, rssMb, urls: { distinct: mix.distinct(), repeats: mix.repeats() } };
}

class ServerStopped extends Error {}
const ATTEMPTS = 3;

/**
 * Every figure of `options` on one server start; problems found on the way go to `notes`. A
 * server that stops without being asked to (on a shared machine) is started again, with new
 * URLs, and the figures measured again.
 */
export async function measurePages(
  dataset: Dataset,
  processes: number,
  options: PagesOptions,
  notes: string[],
): Promise<PageRow[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce(dataset, processes, options, notes);
    } catch (error) {
      if (!(error instanceof ServerStopped) || attempt === ATTEMPTS) throw error;
      log(`    ${error.message}: starting it again`);
      notes.push(`${dataset.database} ${orgs(dataset.size)}, ${processes} proc: ${error.message}`);
    }
  }
}

const METRICS_TOKEN = 'bench-pages-metrics-token-0123456789';
const REGENERATION_TIMEOUT_MS = 20 * 60_000;

/** Runs of the profile-pages job that finished, in the process that answered. */
async function regenerationRuns(base: string): Promise<number> {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  // One process answers; in a cluster its lines carry a worker label too.
  const line = /^job_runs_total\{job="profile-pages",outcome="done"[^}]*\} (\d+)/m.exec(text);
  return Number(line?.[1] ?? 0);
}

/**
 * Until the server has stored every published profile's page (a process reports its regeneration
 * job's first walk done; the others walk beside it and finish with it) and is idle again: the
 * figures measure what a crawler meets on a running site, not a server that has just imported
 * 100,000 profiles.
 */
async function untilPagesStored(server: RunningServer) {
  const started = Date.now();
  while (Date.now() - started < REGENERATION_TIMEOUT_MS && server.running()) {
    if ((await regenerationRuns(server.base)) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  await waitUntilSettled(server.pid, log, SETTLE_TIMEOUT_MS, 2);
  log(`    profile pages stored in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The figures measured on one server start: first renders need one without stored pages. */
async function measureOnce(
  dataset: Dataset,
  processes: number,
  options: PagesOptions,
  notes: string[],
): Promise<PageRow[]> {
  const cold = options.figures.filter((figure) => figure === 'first-renders');
  const warm = options.figures.filter((figure) => figure !== 'first-renders');
  const rows: PageRow[] = [];
  if (cold.length > 0) {
    // Pages stored by an earlier start on this dataset would be served instead of rendered.
    await rm(path.join(dataset.env.DATA_DIR!, 'pages'), { recursive: true, force: true });
    rows.push(
      ...(await measureOn(dataset, processes, { ...options, figures: cold }, notes, {
        PERIODIC_JOBS: 'false',
      })),
    );
  }
  if (warm.length > 0) {
    rows.push(
      ...(await measureOn(dataset, processes, { ...options, figures: warm }, notes, {
        METRICS_TOKEN,
      })),
    );
  }
  return rows;
}

function measureOn(
  dataset: Dataset,
  processes: number,
  options: PagesOptions,
  notes: string[],
  env: NodeJS.ProcessEnv,
): Promise<PageRow[]> {
  return onServer(dataset, processes, 'pages', env, async (server) => {
    const { base } = server;
    const sources = await sourcesFor(dataset, base);
    // Every figure, not only the profiles': until the walk is done, the server works whenever
    // the load stops, so the wait for it to settle after each warm-up ran out (60 s) and the
    // figure started with renders in flight.
    if (env.METRICS_TOKEN) await untilPagesStored(server);
    for (const problem of await checkPages(base, sources)) {
      log(`    ${problem}`);
      notes.push(`${dataset.database} ${orgs(dataset.size)}, ${processes} proc: ${problem}`);
    }
    const { connections, duration } = options;
    log(
      `    healthz ${duration} s, then ${options.figures.join(', ')}: warm-up ${WARM_UP_SECONDS} s and ${duration} s each`,
    );
    const health = await load(base, () => '/healthz', {
      connections,
      duration,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const rows: PageRow[] = [];
    for (const figure of options.figures) {
      const measured = await measureFigure(server, sources, figure, options);
      if (!server.running()) {
        throw new ServerStopped(`the server stopped during ${figure}, not at the bench's request`);
      }
      log(`    ${figure}: ${measured.load.rps.toFixed(0)} req/s, p99 ${measured.load.p99} ms`);
      rows.push({
        database: dataset.database,
        size: dataset.size,
        processes,
        figure,
        seedSeconds: dataset.seedSeconds,
        health,
        ...measured,
      });
    }
    return rows;
  });
}

/**
 * After the runs on a dataset: on a kept database, adds the ids they used to those of earlier
 * runs. Returns a note of how many they used.
 */
export async function finishPages(dataset: Dataset): Promise<string | null> {
  const sources = sourcesOf.get(dataset);
  if (!sources) return null;
  if (dataset.keptAs) {
    const used = [...(await usedEarlier(dataset)), ...sources.ids.slice(0, sources.taken)];
    await mkdir(path.dirname(usedIdsFile(dataset.keptAs)), { recursive: true });
    await writeFile(usedIdsFile(dataset.keptAs), JSON.stringify(used));
  }
  return `${dataset.database} ${orgs(dataset.size)}: ${orgs(sources.taken)} published ids taken of ${orgs(sources.ids.length)} unused (the repeat figure's among them), each by one figure only`;
}
