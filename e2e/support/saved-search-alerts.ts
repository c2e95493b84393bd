import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { E2E_PORTS } from './ports.ts';

const run = promisify(execFile);

/**
 * Sends the saved-search alerts of the account at `to` due by `asOf` now, with the CLI
 * (docs/operations/operators.md): the running test server takes the command in through its data
 * folder's socket (ADR 020). Only that account's: tests at the other width run at the same time.
 */
export async function sendAlertsAsOf(asOf: Date, to: string): Promise<string> {
  const { stdout } = await run(
    'node',
    [
      '--import',
      'tsx',
      'apps/api/src/cli/index.ts',
      'saved-searches',
      'alerts',
      '--as-of',
      asOf.toISOString(),
      '--to',
      to,
    ],
    { env: { ...process.env, DATA_DIR: '.test-results/e2e-data', LOG_LEVEL: 'warn' } },
  );
  return stdout;
}

/** The HTML of the last email to `to` whose subject matches, as the SMTP stand-in received it. */
export async function emailHtml(to: string, subject: RegExp): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${E2E_PORTS.control}/messages?to=${encodeURIComponent(to)}`,
  );
  const messages = (await response.json()) as { subject: string; html: string }[];
  return messages.filter((message) => subject.test(message.subject)).at(-1)?.html ?? '';
}
