/**
 * The pages suite's table, its targets (docs/operations/benchmarks.md) with pass or FAIL, and
 * notes on errors.
 */
import { megabytes } from './list-suite.ts';
import { milliseconds, orgs, processCount, table } from './formatting.ts';
import type { PageFigure } from './page-mix.ts';
import type { PageRow } from './pages-suite.ts';

interface Target {
  figure: PageFigure;
  /** Of the same server's /healthz requests per second, at least. */
  ratio?: number;
  /** Milliseconds, under. */
  p99?: number;
}

/** On this machine, at 100,000 organizations on PostgreSQL, every request distinct. */
const targets: Target[] = [
  { figure: 'profiles', ratio: 0.05, p99: 100 },
  { figure: 'first-renders', ratio: 0.05, p99: 100 },
  { figure: 'home', ratio: 0.04, p99: 150 },
  { figure: 'og', p99: 300 },
  { figure: 'repeat', ratio: 0.3 },
  // A feed is one index query and one small read, never rendered: no slower than a home page.
  { figure: 'feeds', ratio: 0.04, p99: 150 },
];
const TARGET_DATABASE = 'postgres';
const TARGET_SIZE = 100_000;

const ratioOf = (row: PageRow) => row.load.rps / row.health.rps;

function targetLine(target: Target, row: PageRow): string {
  const ratio = ratioOf(row);
  const checks: [boolean, string][] = [];
  if (target.ratio !== undefined) {
    checks.push([
      ratio >= target.ratio,
      `${(ratio * 100).toFixed(1)}% of healthz (at least ${Math.round(target.ratio * 100)}%)`,
    ]);
  }
  if (target.p99 !== undefined) {
    checks.push([
      row.load.p99 < target.p99,
      `p99 ${milliseconds(row.load.p99)} ms (under ${target.p99})`,
    ]);
  }
  checks.push([row.load.errors === 0, `${row.load.errors} errors`]);
  // Requests still in flight when a figure ends are not counted: none answered means no figure.
  if (row.load.responses === 0) checks.push([false, 'no answer within the figure']);
  if (target.figure !== 'repeat') {
    checks.push([
      row.urls.repeats === 0,
      row.urls.repeats === 0 ? 'every URL new' : `${row.urls.repeats} URLs sent again`,
    ]);
  }
  const pass = checks.every(([met]) => met);
  const where =
    row.database === TARGET_DATABASE && row.size === TARGET_SIZE
      ? ''
      : ` (${row.database} ${orgs(row.size)})`;
  return `  ${pass ? 'pass' : 'FAIL'}  ${target.figure}${where}, ${processCount(row.processes)}: ${checks.map(([, text]) => text).join(', ')}`;
}

export function reportPages(
  rows: PageRow[],
  options: { duration: number; connections: number },
): { lines: string[]; notes: string[] } {
  const lines = [
    `\nPages, ${options.connections} connections, ${options.duration} s per figure, accept-encoding br, gzip (req/s: mean of per-second samples; ratio: the figure over healthz on the same server start; RSS: sum over the server's processes; profiles, first-renders, home, og, embeds, badges: every URL new to the server; profiles: each profile's page stored ahead by the server (ADR 030), first-renders: each rendered for its request, on a server start without the regeneration; repeat: the same few hundred profiles and home pages over and over; feeds: the four feeds under the home pages' filters, every URL new, ADR 053)`,
    ...table<PageRow>(
      [
        ['database', -9, (row) => row.database],
        ['orgs', 10, (row) => orgs(row.size)],
        ['proc', 5, (row) => row.processes],
        ['figure', 9, (row) => row.figure],
        ['req/s', 8, (row) => row.load.rps.toFixed(0)],
        ['p50 ms', 7, (row) => milliseconds(row.load.p50)],
        ['p99 ms', 7, (row) => milliseconds(row.load.p99)],
        ['healthz req/s', 14, (row) => row.health.rps.toFixed(0)],
        ['ratio', 7, (row) => `${(ratioOf(row) * 100).toFixed(1)}%`],
        ['RSS MB med/peak', 16, (row) => megabytes(row.rssMb.total)],
        ['errors', 7, (row) => row.load.errors],
      ],
      rows,
    ),
  ];

  const atTarget = rows.some((row) => row.database === TARGET_DATABASE && row.size === TARGET_SIZE);
  lines.push(
    `\nTargets (set for ${TARGET_DATABASE} at ${orgs(TARGET_SIZE)} organizations${atTarget ? '' : '; not measured there in this run, so the figures below are held to them for reference only'}):`,
  );
  for (const target of targets) {
    const measured = rows.filter((row) => row.figure === target.figure);
    if (measured.length === 0) lines.push(`  -     ${target.figure}: not measured in this run`);
    for (const row of measured) lines.push(targetLine(target, row));
  }

  const notes: string[] = [];
  for (const row of rows) {
    const statuses = Object.entries(row.load.otherStatuses);
    if (statuses.length === 0 && row.load.errors === 0) continue;
    const answers = statuses.map(([status, count]) => `${count} answered ${status}`).join(', ');
    const others = Math.max(
      0,
      row.load.errors - statuses.reduce((sum, [, count]) => sum + count, 0),
    );
    notes.push(
      `${row.figure} on ${row.database} ${orgs(row.size)}, ${processCount(row.processes)}: ${[answers, others > 0 ? `${others} connection errors or timeouts` : ''].filter(Boolean).join(', ')}${row.load.otherStatuses['404'] ? ' (a 404 means the benchmark sent a URL the server does not know: a bug of the benchmark)' : ''}`,
    );
  }
  for (const row of rows.filter((row) => row.figure !== 'repeat')) {
    notes.push(
      `${row.figure} on ${row.database} ${orgs(row.size)}, ${processCount(row.processes)}: ${orgs(row.urls.distinct)} new URLs sent, ${row.urls.repeats === 0 ? 'none' : orgs(row.urls.repeats)} sent again`,
    );
  }
  return { lines, notes };
}
