import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Plays the payment provider for a test-mode subscription with the CLI
 * (docs/operations/operators.md): a renewal paid, its payment refunded or disputed at the
 * provider, or the dispute won. The running test server takes the command in through its data
 * folder's socket (ADR 020).
 */
export async function simulateAtProvider(
  action: 'renew' | 'refund' | 'dispute' | 'dispute-won',
  organizationId: string,
): Promise<string> {
  const { stdout } = await run(
    'node',
    ['--import', 'tsx', 'apps/api/src/cli/index.ts', 'subscription', action, organizationId],
    { env: { ...process.env, DATA_DIR: '.test-results/e2e-data', LOG_LEVEL: 'warn' } },
  );
  return stdout;
}
