// `npm test`: every check and test, in order, then one summary line.
// Steps: typecheck + lint, unit/component/API tests (Vitest), web build, browser tests
// (Playwright in Debian's Chromium). Every step runs even when an earlier one fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const resultsDir = '.test-results';
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
// Named again at the very end, because CI keeps only the head and tail of a long log.
const failedTests = [];
// Each failure's message, also at the end: a server that exited says why in its last lines.
const failureDetails = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failures.push(label);
  return ok;
}

function firstLine(message = '') {
  return stripVTControlCharacters(message).split('\n')[0].slice(0, 300);
}

/** The message's last lines, where a failed process's own output ends. */
function lastLines(title, message = '', count = 30) {
  const lines = stripVTControlCharacters(message).trimEnd().split('\n');
  const shown = lines.slice(-count).map((line) => `  ${line.slice(0, 300)}`);
  const cut = lines.length > count ? [`  … (${lines.length - count} lines before)`] : [];
  failureDetails.push([`${title}:`, ...cut, ...shown].join('\n'));
}

/** Every failed test in a Playwright JSON report, with its first error line. */
function playwrightFailures(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === 'unexpected')
      .map((test) => {
        const error = test.results.at(-1)?.error?.message;
        lastLines(`${spec.title} [${test.projectName}]`, error, 15);
        return `${[...path, spec.title].join(' › ')} [${test.projectName}]: ${firstLine(error)}`;
      }),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, path))];
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

if (run('typecheck and lint', 'npm', ['run', 'check'])) passed += 1;
else failed += 1;

// Through tee: an error Vitest caught outside any test is only in its log, and CI keeps the
// log's head and tail, so its section is named again at the end.
run('unit, component and API tests', 'bash', [
  '-o',
  'pipefail',
  '-c',
  `npx vitest run --reporter=default --reporter=json --outputFile.json=${resultsDir}/vitest.json 2>&1 | tee ${resultsDir}/vitest.log`,
]);
const vitest = readJson(`${resultsDir}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  for (const file of vitest.testResults)
    for (const test of file.assertionResults)
      if (test.status === 'failed') {
        failedTests.push(`${file.name} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
        lastLines(test.fullName, test.failureMessages[0]);
      }
  // A file can fail with every test passed: a hook (beforeAll, afterAll) that threw or timed out.
  for (const file of vitest.testResults)
    if (file.status === 'failed' && file.message) {
      failed += 1;
      failedTests.push(`${file.name} (the file, outside its tests): ${firstLine(file.message)}`);
    }
  if (failures.includes('unit, component and API tests') && vitest.numFailedTests === 0) {
    failedTests.push('Vitest failed outside any test: see "Unhandled Errors" or a hook in its log');
    const log = stripVTControlCharacters(readFileSync(`${resultsDir}/vitest.log`, 'utf8'));
    const at = log.indexOf('Unhandled Error');
    // Its first lines: how many, the error, where it was thrown and which file was running.
    if (at >= 0)
      lastLines('Vitest, outside any test', log.slice(at).split('\n').slice(0, 40).join('\n'), 40);
  }
} else failed += 1;

const browserReady =
  run('browser availability', 'node', ['scripts/ensure-chromium.mjs']) &&
  run('web build', 'npm', ['run', 'build']);
if (browserReady) {
  run('end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${resultsDir}/playwright.json`,
  });
  const playwright = readJson(`${resultsDir}/playwright.json`);
  if (playwright) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
    for (const suite of playwright.suites) failedTests.push(...playwrightFailures(suite));
  } else failed += 1;
} else failed += 1;

if (failureDetails.length > 0) console.log(`\nHow they failed:\n${failureDetails.join('\n\n')}`);
if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.join('\n')}`);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
