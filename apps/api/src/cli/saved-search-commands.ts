import { parseArgs } from 'node:util';
import type { Database } from '../db/client.ts';
import type { AlertRunResult } from '../modules/saved-searches/alerts-job.ts';
import { createSavedSearchRepository } from '../modules/saved-searches/repository.ts';

export const savedSearchUsage = `  saved-searches alerts [--as-of DATE] [--to EMAIL]
                              work out the saved searches' alerts due now (or by DATE, to send
                              them early; only EMAIL's with --to) and queue those with news;
                              inside the running server only
  saved-searches last-run     how the alert job last ran: when, outcome, searches, emails`;

/**
 * Operator commands for saved searches (ADR 034). Returns false for a command it does not know.
 * The alerts need the server's directory index: `sendAlerts` is given when the command runs
 * inside the server.
 */
export async function runSavedSearchCommand(
  command: string,
  args: string[],
  {
    db,
    sendAlerts,
    print,
  }: {
    db: Database;
    sendAlerts?: (now: Date, onlyTo?: string) => Promise<AlertRunResult>;
    print: (line: string) => void;
  },
): Promise<boolean> {
  if (command !== 'saved-searches') return false;
  if (args[0] === 'last-run') {
    const { lastRun } = await createSavedSearchRepository(db).stats(new Date());
    print(
      lastRun
        ? [
            lastRun.startedAt.toISOString(),
            `${(lastRun.finishedAt.getTime() - lastRun.startedAt.getTime()) / 1000} s`,
            lastRun.outcome,
            `${lastRun.searchesChecked} searches`,
            `${lastRun.emailsQueued} emails`,
            lastRun.error ?? '',
          ].join('\t')
        : 'the alert job has not run yet',
    );
    return true;
  }
  if (args[0] !== 'alerts') return false;
  const { values } = parseArgs({
    args: args.slice(1),
    options: { 'as-of': { type: 'string' }, to: { type: 'string' } },
  });
  const asOf = values['as-of'] === undefined ? new Date() : new Date(values['as-of']);
  if (Number.isNaN(asOf.getTime())) throw new Error('--as-of takes a date, e.g. 2026-12-01');
  if (!sendAlerts) {
    throw new Error(
      'saved-searches alerts runs inside the running server, which holds the directory index; the server runs it every JOBS_INTERVAL_MS',
    );
  }
  const run = await sendAlerts(asOf, values.to);
  print(`${run.searchesChecked} saved searches checked, ${run.emailsQueued} alerts queued`);
  return true;
}
