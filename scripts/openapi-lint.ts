/**
 * `npm run openapi:lint`: builds the app as the API tests do (in-memory PGlite, no server
 * listening), takes the OpenAPI document it serves at /api/docs/json, and lints it with
 * `redocly lint` and the recommended ruleset (redocly.yaml). Any error or warning fails: redocly
 * itself exits non-zero on errors only, so its JSON report is read here. Works offline.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    location: { pointer?: string }[];
  }[];
}

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const redocly = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');

async function openapiDocument(dataDir: string): Promise<unknown> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      // The tests' address: the document names it as its server.
      PUBLIC_URL: 'http://directory.test',
      LOG_LEVEL: 'silent',
      PERIODIC_JOBS: 'off',
      // Limits on, as in production: the document lists the 429 answers of limited routes.
      RATE_LIMITS: 'on',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

function lint(file: string): LintReport {
  const run = spawnSync(
    process.execPath,
    [
      redocly,
      'lint',
      file,
      '--config',
      path.join(root, 'redocly.yaml'),
      '--lint-config',
      'error',
      '--format',
      'json',
      '--max-problems',
      '1000',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
    },
  );
  try {
    return JSON.parse(run.stdout) as LintReport;
  } catch {
    process.stderr.write(run.stdout + run.stderr);
    throw new Error(`redocly lint gave no report (exit code ${run.status ?? run.signal})`);
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-openapi-'));
try {
  const file = path.join(dataDir, 'openapi.json');
  await writeFile(file, JSON.stringify(await openapiDocument(dataDir), null, 2));
  const { totals, problems } = lint(file);
  for (const problem of problems) {
    const where = problem.location[0]?.pointer ?? '';
    console.log(`${problem.severity} ${problem.ruleId} ${where}\n  ${problem.message}`);
  }
  console.log(
    `OpenAPI document (/api/docs/json): ${totals.errors} errors, ${totals.warnings} warnings (redocly lint, recommended rules)`,
  );
  if (totals.errors + totals.warnings > 0) process.exitCode = 1;
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
