/**
 * The saved-search alerts beside the cold mix (`--mixes cold-alerts`, ADR 034): 10,000 saved
 * searches are seeded into the running server's database, due at once, with 500 organizations
 * published after them; then the alert job runs inside the server (the CLI hands it in through
 * the data folder, ADR 020) while the cold mix is measured.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { log } from './formatting.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
export const SAVED_SEARCHES = 10_000;
/** How long the list mix waits after starting the run: the CLI starts and hands it over. */
export const ALERT_RUN_HANDOVER_MS = 2000;

// The built CLI (the bench builds the server first): a CLI through tsx spends seconds of CPU
// compiling at start, inside the measured window, and the cold path would pay for it.
const cli = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  run('node', ['apps/api/dist/cli.js', ...args], {
    cwd: root,
    env: { ...env, LOG_LEVEL: 'warn' },
  }).then(({ stdout }) => stdout.trim());

export async function seedSavedSearches(env: NodeJS.ProcessEnv): Promise<void> {
  const started = Date.now();
  await cli(env, 'seed-saved-searches', '--count', String(SAVED_SEARCHES), '--new', '500');
  log(
    `    ${SAVED_SEARCHES} saved searches seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** Starts the alert run; resolves with its wall time and the job's own record of it. */
export function startAlertRun(
  env: NodeJS.ProcessEnv,
): Promise<{ seconds: number; record: string }> {
  const started = Date.now();
  return cli(env, 'saved-searches', 'alerts').then(async (summary) => {
    const seconds = (Date.now() - started) / 1000;
    const record = await cli(env, 'saved-searches', 'last-run');
    return { seconds, record: `${summary}; last run: ${record.replace(/\t/g, ', ')}` };
  });
}
