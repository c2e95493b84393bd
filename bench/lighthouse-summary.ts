/**
 * What `npm run bench:web` keeps of a Lighthouse report, the medians over runs, the targets of
 * ADR 017 and the tables it prints.
 */
import type { Result } from 'lighthouse';

export type FormFactor = 'mobile' | 'desktop';

export interface PageRun {
  /** Category scores, 0 to 100. */
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Bytes over the wire (compressed, headers included) of every script request. */
  scriptBytes: number;
  /** Bytes over the wire of every request. */
  totalBytes: number;
  domNodes: number;
  /** Lighthouse's runtime error and run warnings (a page that never painted, a slow load). */
  problems: string[];
}

type Metric = Exclude<keyof PageRun, 'problems'>;
const metrics: Metric[] = [
  'performance',
  'accessibility',
  'seo',
  'lcpMs',
  'tbtMs',
  'cls',
  'fcpMs',
  'scriptBytes',
  'totalBytes',
  'domNodes',
];

interface ResourceRow {
  resourceType: string;
  transferSize: number;
}

export function summarize(lhr: Result): PageRun {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // "JavaScript transferred before the page is idle": the resource-summary audit adds up the
  // transfer sizes of the requests Lighthouse recorded, and its navigation ends only once the
  // network and the main thread are quiet, so its `script` row is the JavaScript loaded by then
  // (the same figure as summing network-requests' script rows).
  const resources = (lhr.audits['resource-summary']?.details as { items?: ResourceRow[] })?.items;
  const transferred = (type: string) =>
    resources?.find((row) => row.resourceType === type)?.transferSize ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    scriptBytes: transferred('script'),
    totalBytes: transferred('total'),
    // Lighthouse 13 replaced the dom-size audit with dom-size-insight (the same element count).
    domNodes: lhr.audits['dom-size']?.numericValue ?? numeric('dom-size-insight'),
    problems: [
      ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
      ...lhr.runWarnings.map(String),
    ],
  };
}

function median(values: number[]): number {
  const known = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (known.length === 0) return Number.NaN;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
}

/** Each figure's own median over the runs (a run that failed to measure one is left out). */
export function medianRun(runs: PageRun[]): PageRun {
  const result = { problems: [...new Set(runs.flatMap((run) => run.problems))] } as PageRun;
  for (const metric of metrics) result[metric] = median(runs.map((run) => run[metric]));
  return result;
}

const kB = 1000;

export interface Target {
  label: string;
  met: (page: PageRun) => boolean;
}

/** The web targets of ADR 017. Reported, never asserted: timings vary from machine to machine. */
export const targets: Record<FormFactor, Target[]> = {
  mobile: [
    { label: 'score >= 95', met: (page) => page.performance >= 95 },
    { label: 'LCP <= 1.5 s', met: (page) => page.lcpMs <= 1500 },
    { label: 'TBT <= 100 ms', met: (page) => page.tbtMs <= 100 },
    { label: 'CLS <= 0.02', met: (page) => page.cls <= 0.02 },
    { label: 'JS <= 120 kB', met: (page) => page.scriptBytes <= 120 * kB },
    { label: 'accessibility 100', met: (page) => page.accessibility === 100 },
    { label: 'SEO 100', met: (page) => page.seo === 100 },
  ],
  desktop: [{ label: 'score >= 99', met: (page) => page.performance >= 99 }],
};

const unknown = (value: number, text: () => string) => (Number.isFinite(value) ? text() : '-');
const seconds = (ms: number) => unknown(ms, () => `${(ms / 1000).toFixed(2)} s`);
const kilobytes = (bytes: number) => unknown(bytes, () => `${(bytes / kB).toFixed(1)} kB`);
const whole = (value: number) => unknown(value, () => String(Math.round(value)));

const columns: [string, (page: PageRun) => string][] = [
  ['score', (page) => whole(page.performance)],
  ['LCP', (page) => seconds(page.lcpMs)],
  ['TBT', (page) => unknown(page.tbtMs, () => `${Math.round(page.tbtMs)} ms`)],
  ['CLS', (page) => unknown(page.cls, () => page.cls.toFixed(3))],
  ['FCP', (page) => seconds(page.fcpMs)],
  ['JS', (page) => kilobytes(page.scriptBytes)],
  ['total', (page) => kilobytes(page.totalBytes)],
  ['DOM', (page) => whole(page.domNodes)],
  ['a11y', (page) => whole(page.accessibility)],
  ['SEO', (page) => whole(page.seo)],
];

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => row[index]!.length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, index) => (index === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[index]!)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/** The medians of one form factor, a row per page, then each target per page. */
export function formatReport(
  formFactor: FormFactor,
  runs: number,
  pages: { name: string; median: PageRun }[],
): string {
  const metricsTable = table(
    ['page', ...columns.map(([name]) => name)],
    pages.map(({ name, median }) => [name, ...columns.map(([, format]) => format(median))]),
  );
  const targetsTable = table(
    [`${formFactor} target`, ...pages.map(({ name }) => name)],
    targets[formFactor].map((target) => [
      target.label,
      ...pages.map(({ median }) => (target.met(median) ? 'pass' : 'FAIL')),
    ]),
  );
  const of = runs === 1 ? 'one run' : `medians of ${runs} runs`;
  return `\n${formFactor}: ${of}\n${metricsTable}\n\n${targetsTable}`;
}
