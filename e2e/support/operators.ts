import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Makes an account an operator the one way there is (ADR 028): the CLI, which the running test
 * server takes in through its data folder's socket (ADR 020).
 */
export async function grantOperator(email: string): Promise<void> {
  await run('node', ['--import', 'tsx', 'apps/api/src/cli/index.ts', 'operator', 'grant', email], {
    env: { ...process.env, DATA_DIR: '.test-results/e2e-data', LOG_LEVEL: 'warn' },
  });
}
