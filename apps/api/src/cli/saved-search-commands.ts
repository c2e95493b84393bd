import { parseArgs } from 'node:util';
import type { AlertRunResult } from '../jobs/saved-search-alerts.ts';

export const savedSearchUsage = `  saved-searches alerts [--as-of DATE] [--to EMAIL]
                              work out the saved searches' alerts due now (or by DATE, to send
                              them early; only EMAIL's with --to) and queue those with news;
                              inside the running server only`;

/**
 * Operator commands for saved searches (ADR 034). Returns false for a command it does not know.
 * The alerts need the server's directory index: `sendAlerts` is given when the command runs
 * inside the server.
 */
export async function runSavedSearchCommand(
  command: string,
  args: string[],
  {
    sendAlerts,
    print,
  }: {
    sendAlerts?: (now: Date, onlyTo?: string) => Promise<AlertRunResult>;
    print: (line: string) => void;
  },
): Promise<boolean> {
  if (command !== 'saved-searches' || args[0] !== 'alerts') return false;
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
