/**
 * The list suite of `npm run bench`: GET /api/organizations beside /healthz, each mix on its own
 * server start (bench/request-mix.ts):
 *   cold  every request different, nothing kept by caches (DIRECTORY_CACHE_MS=0)
 *   warm  400 paths repeated, the server's own settings
 *   cold-alerts  the cold mix while the alert job runs over 10,000 saved searches (PGlite:
 *          the job runs inside the server; bench/alert-run.ts, ADR 034)
 *   roles  GET /api/roles instead, every request different (bench/role-mix.ts, ADR 044)
 * Its table and the targets of ADR 018.
 */
import type { Dataset, DatabaseKind } from './dataset.ts';
import { log, milliseconds, orgs, percent, processCount, table } from './formatting.ts';
import { ALERT_RUN_HANDOVER_MS, seedSavedSearches, startAlertRun } from './alert-run.ts';
import { load, type Load } from './load.ts';
import { coldMix, collectVocabulary, warmMix, type RequestMix } from './request-mix.ts';
import { collectRoleVocabulary, roleMix } from './role-mix.ts';
import { onServer } from './server-start.ts';
import {
  sampleMemory,
  waitUntilSettled,
  type MemoryFigures,
  type MemorySummary,
} from './server-tree.ts';

export const listMixes = ['cold', 'warm', 'cold-alerts', 'roles'] as const;
export type ListMix = (typeof listMixes)[number];

export interface ListRow {
  database: DatabaseKind;
  size: number;
  processes: number;
  mix: ListMix;
  seedSeconds: number | null;
  health: Load;
  list: Load;
  /** Sum over the server's processes, and each process (the primary first). */
  rssMb: MemoryFigures;
  paths: { distinct: number; repeats: number };
  /**
   * cold-alerts: how long the alert run took, what it did, and the cold mix on the same server
   * just before it and once it has ended and the server is idle again (`list` is the mix during
   * the run). Two server starts differ by more than the run's effect on this shared machine, and
   * one server's speed drifts by tens of percent within a minute: the run is compared with the
   * mean of the windows on either side of it.
   */
  alerts?: { seconds: number; record: string; before: Load; after: Load };
}

const WARM_UP_SECONDS = 3;
/** Longer than the share-cards job's interval (SHARE_CARDS_INTERVAL_MS, 10 s). */
const PUBLICATIONS_SETTLED_SECONDS = 12;
/** Longer than the email relay's interval (EMAIL_RELAY_INTERVAL_MS, 5 s). */
const AFTER_RUN_SETTLED_SECONDS = 6;

export async function measureList(
  dataset: Dataset,
  processes: number,
  mixName: ListMix,
  options: { duration: number; connections: number },
): Promise<ListRow> {
  const { duration, connections } = options;
  const cold = mixName !== 'warm';
  // Cold: nothing may come from the directory's caches. Warm: the server's default.
  const env = { DIRECTORY_CACHE_MS: cold ? '0' : undefined };
  return onServer(dataset, processes, mixName, env, async (server) => {
    const { base } = server;
    const mix = await mixOf(dataset, mixName, base);
    if (mixName === 'cold-alerts') {
      await seedSavedSearches(dataset.env);
      // The 500 publications' share cards are drawn ahead (ADR 026) by a job every 10 s: the
      // figure is the alert run's, after a week in which they were published, not theirs.
      await waitUntilSettled(server.pid, log, 120_000, PUBLICATIONS_SETTLED_SECONDS);
    }
    log(
      `    healthz ${duration} s, warm-up ${WARM_UP_SECONDS} s, list ${duration} s${mixName === 'cold-alerts' ? `, then the alert run and list ${duration} s again` : ''}`,
    );
    const health = await load(base, () => '/healthz', { connections, duration });
    // After the ceiling, so warm's cached entries are still fresh when the list run starts.
    await load(base, mix.next, { connections, duration: WARM_UP_SECONDS });
    const before =
      mixName === 'cold-alerts' ? await load(base, mix.next, { connections, duration }) : null;
    const memory = sampleMemory(server.pid);
    const alertsAround = async (
      run: ReturnType<typeof startAlertRun>,
      earlier: Load,
    ): Promise<NonNullable<ListRow['alerts']>> => {
      const { seconds, record } = await run;
      log(`    alert run: ${seconds.toFixed(1)} s; ${record}`);
      // The relay sends the queued emails at full speed once visitors are gone.
      await waitUntilSettled(server.pid, log, 300_000, AFTER_RUN_SETTLED_SECONDS);
      log(`    list ${duration} s after the run`);
      const after = await load(base, mix.next, { connections, duration });
      return { seconds, record, before: earlier, after };
    };
    const alertRun = before ? startAlertRun(dataset.env) : null;
    // The CLI hands the run to the server within a second; measured from then on.
    if (alertRun) await new Promise((resolve) => setTimeout(resolve, ALERT_RUN_HANDOVER_MS));
    const list = await load(base, mix.next, { connections, duration });
    const rss = memory.stop();
    const alerts = alertRun && before ? await alertsAround(alertRun, before) : undefined;
    if (cold && mix.repeats() > 0) {
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
      ...(alerts ? { alerts } : {}),
    };
  });
}

async function mixOf(dataset: Dataset, mixName: ListMix, base: string): Promise<RequestMix> {
  if (mixName === 'warm') return warmMix(base);
  if (mixName === 'roles') {
    if (!dataset.roleVocabulary) {
      log('    walking four lists of open roles 50 pages deep for words and cursor positions');
      dataset.roleVocabulary = await collectRoleVocabulary(base);
    }
    return roleMix(dataset.roleVocabulary);
  }
  if (!dataset.vocabulary) {
    log('    walking five lists 50 pages deep for words and cursor positions');
    dataset.vocabulary = await collectVocabulary(base);
  }
  return coldMix(dataset.vocabulary);
}

function alertNote(alerts: NonNullable<ListRow['alerts']>, during: Load, duration: number) {
  const figures = (load: Load) =>
    `${load.rps.toFixed(0)} req/s, p50 ${milliseconds(load.p50)} ms, p99 ${milliseconds(load.p99)} ms`;
  const around = (alerts.before.rps + alerts.after.rps) / 2;
  return `; the cold mix just before the alert run: ${figures(alerts.before)}; during it: ${figures(during)}; after it: ${figures(alerts.after)}; during it ${percent(during.rps / around)} of the mean before and after; the run took ${alerts.seconds.toFixed(1)} s of the ${duration} s measured (${alerts.record})`;
}

export const megabytes = (memory: MemorySummary) =>
  `${memory.median.toFixed(0)}/${memory.peak.toFixed(0)}`;
const perProcess = (row: ListRow) =>
  row.rssMb.perProcess.length > 1 ? row.rssMb.perProcess.map(megabytes).join(' + ') : '-';

/** The table, the targets of ADR 018 and notes on the cold paths, as lines. */
export function reportList(
  rows: ListRow[],
  options: { duration: number; connections: number },
): { lines: string[]; notes: string[] } {
  const lines = [
    `\nGET /api/organizations (mix roles: GET /api/roles), ${options.connections} connections, ${options.duration} s per figure (req/s: mean of per-second samples; ratio: list over healthz on the same server; RSS: sum over the server's processes, then each, primary first; cached: answers whose Server-Timing names a cache)`,
    ...table<ListRow>(
      [
        ['database', -9, (row) => row.database],
        ['orgs', 10, (row) => orgs(row.size)],
        ['proc', 5, (row) => row.processes],
        ['mix', -11, (row) => row.mix],
        ['list req/s', 11, (row) => row.list.rps.toFixed(0)],
        ['p50 ms', 7, (row) => milliseconds(row.list.p50)],
        ['p99 ms', 7, (row) => milliseconds(row.list.p99)],
        ['healthz req/s', 14, (row) => row.health.rps.toFixed(0)],
        ['ratio', 6, (row) => percent(row.list.rps / row.health.rps)],
        ['RSS MB med/peak', 16, (row) => megabytes(row.rssMb.total)],
        ['per process', 28, (row) => perProcess(row)],
        ['cached', 7, (row) => percent(row.list.fromCache / Math.max(row.list.responses, 1))],
        ['errors', 7, (row) => row.list.errors],
      ],
      rows,
    ),
  ];

  const targets = [
    { database: 'postgres', size: 100_000, p99: 50, ratio: 1 / 3, mix: 'cold' },
    { database: 'pglite', size: 100_000, p99: 100, mix: 'cold' },
    { database: 'postgres', size: 1_000_000, p99: 100, mix: 'cold' },
    // ADR 044: the open roles of 100,000 organizations, about 300,000.
    { database: 'postgres', size: 100_000, p99: 50, ratio: 1 / 3, mix: 'roles' },
  ] as const;
  lines.push('\nTargets (cold and roles mixes, no errors):');
  for (const target of targets) {
    // The roles target only when its mix ran: the directory's runs leave it out.
    if (target.mix === 'roles' && !rows.some((row) => row.mix === 'roles')) continue;
    const measured = rows.filter(
      (row) =>
        row.database === target.database && row.size === target.size && row.mix === target.mix,
    );
    const name = `${target.database} ${orgs(target.size)} ${target.mix}`;
    if (measured.length === 0) lines.push(`  -     ${name}: not measured in this run`);
    for (const row of measured) {
      const ratio = row.list.rps / row.health.rps;
      const ratioTarget = 'ratio' in target ? target.ratio : null;
      const pass =
        row.list.p99 < target.p99 &&
        (ratioTarget === null || ratio >= ratioTarget) &&
        row.list.errors === 0;
      lines.push(
        `  ${pass ? 'pass' : 'FAIL'}  ${name}, ${processCount(row.processes)}: p99 ${milliseconds(row.list.p99)} ms (under ${target.p99})${ratioTarget === null ? '' : `, ${(ratio * 100).toFixed(1)}% of healthz (at least a third)`}, ${row.list.errors} errors`,
      );
    }
  }
  const notes = rows
    .filter((row) => row.mix !== 'warm')
    .map(
      (row) =>
        `${row.database} ${orgs(row.size)} ${row.mix}, ${processCount(row.processes)}: ${row.paths.distinct} distinct paths sent, ${row.paths.repeats === 0 ? 'none' : row.paths.repeats} repeated${row.alerts ? alertNote(row.alerts, row.list, options.duration) : ''}`,
    );
  return { lines, notes };
}
