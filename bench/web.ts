/**
 * `npm run bench:web`: builds the web app, starts the real server on a database with the demo
 * organizations and 100,000 synthetic published ones, and runs Lighthouse with Debian's
 * Chromium on four pages (the home page, a filtered home page, a demo profile with its logo and
 * banner, the FAQ), mobile (Lighthouse's default emulation and simulated throttling) and desktop
 * (its desktop preset), each run in a new browser with an empty profile. Prints the medians and
 * the web targets of ADR 017 with pass or FAIL; exits 0 unless something crashed.
 *
 * The prepared database is kept in bench/.data/ and reused while its marker matches the count.
 * The server's directory cache is warmed (one untimed page load per page, counts kept for the
 * whole run), so the figures are the page's, not a cold count over 100,000 rows: `npm run
 * bench` measures the API.
 *
 * Options: --no-build  --count 100000  --runs 3  --database pglite|postgres (default: postgres
 * when DATABASE_URL is set, which names the server; the benchmark makes its own database on it)
 * --form-factors mobile,desktop  --data-dir bench/.data  --port N  --save-reports (every run's
 * full Lighthouse JSON report beside the summary)
 */
import { execFileSync, execFile, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { demoOrganizations } from '../apps/api/src/db/seed/demo/organizations.ts';
import {
  formatReport,
  medianRun,
  summarize,
  targets,
  type FormFactor,
  type PageRun,
} from './lighthouse-summary.ts';
import { freePort, spawnServer, stopServer, waitForReady } from './server-process.ts';
import { openWebDatabase, type DatabaseKind } from './web-database.ts';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    count: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    database: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    'form-factors': { type: 'string', default: 'mobile,desktop' },
    'data-dir': { type: 'string', default: 'bench/.data' },
    port: { type: 'string' },
    'save-reports': { type: 'boolean', default: false },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const count = Number(values.count);
const runs = Number(values.runs);
const databaseKind = values.database as DatabaseKind;
const formFactors = values['form-factors'].split(',') as FormFactor[];
if (!['pglite', 'postgres'].includes(databaseKind)) throw new Error('--database pglite|postgres');
if (formFactors.some((formFactor) => !(formFactor in targets))) {
  throw new Error('--form-factors takes mobile, desktop or both');
}

const CHROMIUM = '/usr/bin/chromium';
/** This machine's flags (the closed network refuses Chromium's background connections). */
const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

// Whatever happens, the server and the browser of the moment end with this process.
let server: ChildProcess | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;
let browserProfile: string | null = null;
function stopBrowser() {
  chrome?.kill();
  chrome = null;
  if (browserProfile) rmSync(browserProfile, { recursive: true, force: true });
  browserProfile = null;
}
async function stopAll() {
  stopBrowser();
  if (server) await stopServer(server);
}
process.on('exit', () => {
  stopBrowser();
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`\n${signal}: stopping the browser and the server`);
    void stopAll().finally(() => process.exit(130));
  });
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

function serverRunning() {
  return server !== null && server.exitCode === null && server.signalCode === null;
}

async function startServer(env: NodeJS.ProcessEnv, base: string) {
  server = spawnServer(root, env);
  await waitForReady(base, server);
  const { meta } = await json<{ meta: { total: number } }>(`${base}/api/organizations`);
  if (meta.total < count) {
    throw new Error(`the database has ${meta.total} published organizations, not ${count}`);
  }
}

/** The four pages: a country and a category that have organizations, and a demo profile. */
async function choosePages(base: string) {
  const categories = (await json<{ data: { id: string }[] }>(`${base}/api/categories`)).data;
  const countries = (
    await json<{ data: { code: string }[] }>(`${base}/api/organizations/active-countries`)
  ).data;
  const category = categories.find((c) => c.id === 'water_sanitation') ?? categories[0]!;
  const country = countries.find((c) => c.code === 'KE') ?? countries[0]!;
  // The first demo organization has a logo and a banner, as a real profile would.
  const name = demoOrganizations[0]!.name;
  const found = await json<{ data: { id: string; name: string; logo: string | null }[] }>(
    `${base}/api/organizations?${new URLSearchParams({ q: name })}`,
  );
  const profile = found.data.find((org) => org.name === name && org.logo);
  if (!profile) throw new Error(`the demo profile "${name}" is missing`);
  return [
    { name: 'home', path: '/' },
    {
      name: 'filtered',
      path: `/?${new URLSearchParams({ country: country.code, categories: category.id })}`,
    },
    { name: 'profile', path: `/organizations/${profile.id}` },
    { name: 'faq', path: '/faq' },
  ];
}

const execFileAsync = promisify(execFile);

/** A fresh, empty profile for every browser: cold caches, no cookies, every request new. */
async function withBrowser<T>(work: (port: number) => Promise<T>): Promise<T> {
  browserProfile = await mkdtemp(path.join(os.tmpdir(), 'bench-web-chromium-'));
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: chromiumFlags,
      userDataDir: browserProfile,
      handleSIGINT: false,
      logLevel: 'silent',
    });
    return await work(chrome.port);
  } finally {
    stopBrowser();
  }
}

/** One untimed load of a page, its scripts and API calls included, to fill the server's caches. */
async function warm(url: string) {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-web-warm-'));
  try {
    await execFileAsync(
      CHROMIUM,
      [
        ...chromiumFlags,
        `--user-data-dir=${userDataDir}`,
        '--virtual-time-budget=10000',
        '--dump-dom',
        url,
      ],
      { timeout: 60_000, maxBuffer: 64 * 1024 * 1024, killSignal: 'SIGKILL' },
    );
  } finally {
    await rm(userDataDir, { recursive: true, force: true });
  }
}

async function measure(url: string, formFactor: FormFactor) {
  const attempt = () =>
    withBrowser(async (port) => {
      const flags: Flags = {
        port,
        output: 'json',
        logLevel: 'error',
        // Best practices is not among the targets; leaving it out shortens every run.
        onlyCategories: ['performance', 'accessibility', 'seo'],
      };
      const result = await lighthouse(
        url,
        flags,
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      return result;
    });
  try {
    return await attempt();
  } catch (error) {
    log(`  Lighthouse failed (${error instanceof Error ? error.message : error}); once more`);
    return attempt();
  }
}

const started = Date.now();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const outDir = path.join(root, '.bench');
const reportsDir = path.join(outDir, `web-${stamp}`);
try {
  if (!values['no-build']) {
    log('npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 'inherit'] });
  }
  const serverUrl =
    databaseKind === 'postgres'
      ? (process.env.DATABASE_URL ??
        execFileSync('bash', ['scripts/start-postgres.sh'], {
          cwd: root,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
        })
          .trim()
          .split('\n')
          .at(-1)!)
      : undefined;
  const database = openWebDatabase({
    root,
    kind: databaseKind,
    count,
    baseDir: path.resolve(root, values['data-dir']),
    serverUrl,
    log,
  });
  const port = Number(values.port ?? (await freePort()));
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...database.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The demo organizations are already in the prepared database, seeded before the bulk ones.
    DEMO_DATA: 'false',
    RATE_LIMITS: 'off',
    PERIODIC_JOBS: 'off',
    // Counts stay cached for the whole run (the longest the setting allows), once warmed.
    DIRECTORY_CACHE_MS: '600000',
  };
  let seeded = false;
  if (!(await database.isComplete())) {
    await database.rebuild();
    seeded = true;
  }
  log(`starting the server on ${base} (${databaseKind})`);
  try {
    await startServer(env, base);
  } catch (error) {
    if (seeded) throw error;
    // A prepared database an interrupted run left behind, or one the migrations no longer fit.
    log(`the prepared database did not serve (${error instanceof Error ? error.message : error})`);
    await stopAll();
    await database.rebuild();
    await startServer(env, base);
  }

  const pages = await choosePages(base);
  for (const page of pages) log(`  ${page.name.padEnd(9)} ${page.path}`);
  const warmAll = async () => {
    log('warming the server: one untimed load of each page');
    for (const page of pages) await warm(base + page.path);
  };
  await warmAll();
  // On a shared machine something else may stop the server (a SIGTERM to every server.ts):
  // it is started again, warmed again, and a run it did not live through is measured again.
  let restarts = 0;
  const measureOnServer = async (url: string, formFactor: FormFactor) => {
    let retried = 0;
    for (;;) {
      if (!serverRunning()) {
        if (++restarts > 3) throw new Error('the server stopped more than 3 times');
        log('starting the server again');
        await startServer(env, base);
        await warmAll();
      }
      const result = await measure(url, formFactor);
      if (!serverRunning()) continue;
      // Lighthouse asks for another run after a trace it failed to record (NO_NAVSTART, ...).
      const error = result.lhr.runtimeError;
      if (error && (retried += 1) === 1) {
        log(`  ${error.code}: once more`);
        continue;
      }
      return result;
    }
  };

  if (values['save-reports']) await mkdir(reportsDir, { recursive: true });
  let lighthouseVersion = '';
  const results: Record<string, { name: string; path: string; runs: PageRun[] }[]> = {};
  for (const formFactor of formFactors) {
    const byPage = pages.map((page) => ({ ...page, runs: [] as PageRun[] }));
    results[formFactor] = byPage;
    // Run after run over the pages, so a slow moment of the machine does not land on one page.
    for (let run = 1; run <= runs; run += 1) {
      for (const page of byPage) {
        const runStarted = Date.now();
        const result = await measureOnServer(base + page.path, formFactor);
        const summary = summarize(result.lhr);
        lighthouseVersion = result.lhr.lighthouseVersion;
        page.runs.push(summary);
        if (values['save-reports']) {
          await writeFile(
            path.join(reportsDir, `${formFactor}-${page.name}-${run}.json`),
            String(result.report),
          );
        }
        log(
          `${formFactor} ${run}/${runs} ${page.name.padEnd(9)} score ${summary.performance}, LCP ${Math.round(summary.lcpMs)} ms, TBT ${Math.round(summary.tbtMs)} ms (${((Date.now() - runStarted) / 1000).toFixed(1)} s)`,
        );
        for (const problem of summary.problems) log(`  ${problem}`);
      }
    }
  }

  const chromiumVersion = execFileSync(CHROMIUM, ['--version'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  console.log(
    `\n${count.toLocaleString('en-US')} bulk organizations and the demo ones on ${databaseKind}; ${chromiumVersion}; Lighthouse ${lighthouseVersion}`,
  );
  for (const page of pages) console.log(`  ${page.name.padEnd(9)} ${page.path}`);
  const summary: Record<string, unknown> = {};
  for (const formFactor of formFactors) {
    const medians = results[formFactor]!.map((page) => ({ ...page, median: medianRun(page.runs) }));
    summary[formFactor] = medians.map(({ name, path: pagePath, runs: each, median }) => ({
      name,
      path: pagePath,
      median,
      targets: Object.fromEntries(targets[formFactor].map((t) => [t.label, t.met(median)])),
      runs: each,
    }));
    console.log(formatReport(formFactor, runs, medians));
  }
  const minutes = (Date.now() - started) / 60_000;
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, `web-${stamp}.json`);
  await writeFile(
    file,
    JSON.stringify(
      {
        startedAt: new Date(started).toISOString(),
        count,
        databaseKind,
        chromiumVersion,
        lighthouseVersion,
        runs,
        minutes,
        pages: summary,
      },
      null,
      2,
    ),
  );
  console.log(
    `\nJS is script bytes transferred by the time Lighthouse found the page idle; kB = 1,000 bytes. ${minutes.toFixed(1)} min. Raw figures: ${path.relative(root, file)}${values['save-reports'] ? `, reports in ${path.relative(root, reportsDir)}/` : ''}`,
  );
} finally {
  await stopAll();
}
