/**
 * The render suite of `npm run bench -- --suite render`: what the web app's server render costs
 * by itself, in this process, with every API answer it reads already in memory. No socket, no
 * compression, no database between the timings: the part of a first render that is React, the
 * route loaders and TanStack Query, measured without the noise of a loaded server (a change
 * there of a few per cent is lost in the pages suite's req/s). The answers come once from a real
 * server on the dataset; each page is rendered once untimed (its answers fetched), then timed.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiAnswer, ServerRenderer } from '@si/contracts';
import type { Dataset, DatabaseKind } from './dataset.ts';
import { log, milliseconds, orgs, table } from './formatting.ts';
import { figureMix, pageSources, publishedIds } from './page-mix.ts';
import { collectVocabulary } from './request-mix.ts';
import { onServer } from './server-start.ts';

const renderKinds = ['profile', 'home'] as const;
export type RenderKind = (typeof renderKinds)[number];

export interface RenderRow {
  database: DatabaseKind;
  size: number;
  kind: RenderKind;
  /** Pages rendered, each a different URL. */
  pages: number;
  /** Per page, the median of its timed renders (ms); then over pages. */
  medianMs: number;
  p90Ms: number;
  /** The median page's HTML (body) and hydration state, in characters. */
  bodyChars: number;
  stateChars: number;
}

const PAGES_PER_KIND = 300;
const TIMED_RENDERS = 5;
/** Renders before any timing, so the JIT has seen every route's code. */
const WARM_UP_RENDERS = 200;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The server bundle, its API reads answered from `base` once per URL and then from memory. */
async function loadRenderer(root: string, base: string) {
  const bundle = path.join(root, 'apps/web/dist-server/entry-server.js');
  const renderer = (await import(pathToFileURL(bundle).href)) as ServerRenderer;
  const answers = new Map<string, { status: number; body: unknown }>();
  renderer.configure({
    transport: async (url): Promise<ApiAnswer> => {
      let answer = answers.get(url);
      if (!answer) {
        const response = await fetch(base + url, { headers: { accept: 'application/json' } });
        answer = { status: response.status, body: await response.json() };
        answers.set(url, answer);
      }
      const { status, body } = answer;
      return { status, ok: status >= 200 && status < 300, json: () => Promise.resolve(body) };
    },
    onRenderError: (error) => log(`    render error: ${String(error)}`),
  });
  return (url: string) =>
    renderer.render(new Request(`http://bench${url}`, { headers: { accept: 'text/html' } }));
}

export async function measureRenders(root: string, dataset: Dataset): Promise<RenderRow[]> {
  return onServer(dataset, 1, 'render', { PERIODIC_JOBS: 'false' }, async ({ base }) => {
    log('    walking the lists for words, cursor positions and published ids');
    dataset.vocabulary ??= await collectVocabulary(base);
    const sources = pageSources(await publishedIds(base), dataset.vocabulary);
    const render = await loadRenderer(root, base);
    const urlsOf = (kind: RenderKind) => {
      const mix = figureMix(kind === 'profile' ? 'first-renders' : 'home', sources);
      return Array.from({ length: PAGES_PER_KIND + WARM_UP_RENDERS }, () => mix.next());
    };
    const urls = { profile: urlsOf('profile'), home: urlsOf('home') };
    for (const kind of renderKinds) {
      for (const url of urls[kind].slice(0, WARM_UP_RENDERS)) await render(url);
    }
    const rows: RenderRow[] = [];
    for (const kind of renderKinds) {
      const perPage: { ms: number; body: number; state: number }[] = [];
      for (const url of urls[kind].slice(WARM_UP_RENDERS)) {
        const first = await render(url);
        if (first.kind !== 'page') throw new Error(`${url}: rendered ${first.kind}, not a page`);
        const times: number[] = [];
        for (let run = 0; run < TIMED_RENDERS; run += 1) {
          const started = performance.now();
          await render(url);
          times.push(performance.now() - started);
        }
        perPage.push({ ms: median(times), body: first.body.length, state: first.state.length });
      }
      perPage.sort((a, b) => a.ms - b.ms);
      const middle = perPage[perPage.length >> 1]!;
      const row: RenderRow = {
        database: dataset.database,
        size: dataset.size,
        kind,
        pages: perPage.length,
        medianMs: middle.ms,
        p90Ms: perPage[Math.floor(perPage.length * 0.9)]!.ms,
        bodyChars: middle.body,
        stateChars: middle.state,
      };
      log(`    ${kind}: ${milliseconds(row.medianMs)} ms a render (median of ${row.pages} pages)`);
      rows.push(row);
    }
    return rows;
  });
}

export function reportRenders(rows: RenderRow[]): string[] {
  return [
    `\nServer renders in process, every API answer in memory (${TIMED_RENDERS} timed renders per page, each page a different URL; ms: the median page's median, and the 90th percentile of pages)`,
    ...table<RenderRow>(
      [
        ['database', -9, (row) => row.database],
        ['orgs', 9, (row) => orgs(row.size)],
        ['page', 8, (row) => row.kind],
        ['pages', 7, (row) => row.pages],
        ['median ms', 11, (row) => row.medianMs.toFixed(2)],
        ['p90 ms', 8, (row) => row.p90Ms.toFixed(2)],
        ['body chars', 12, (row) => row.bodyChars],
        ['state chars', 13, (row) => row.stateChars],
      ],
      rows,
    ),
  ];
}
