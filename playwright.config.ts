import { defineConfig, devices } from '@playwright/test';
import { E2E_GUEST_CODES } from './e2e/support/guest-codes.ts';
import { E2E_PORTS } from './e2e/support/ports.ts';

const PORT = E2E_PORTS.app;
const dataDir = '.test-results/e2e-data';

const cli = 'node --import tsx apps/api/src/cli/index.ts';
// A year from now: the codes must not have expired by the time a test applies them.
const guestCodeExpiry = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const createGuestCodes = Object.values(E2E_GUEST_CODES)
  .map(
    (code) =>
      `${cli} guest-code create --code ${code} --uses 1000 --expires ${guestCodeExpiry} --months 12`,
  )
  .join(' && ');

/** Browser tests in Debian's Chromium, at phone and desktop widths, against the real server. */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      // The social stand-ins sign in one configured user at a time: those tests run once, at
      // desktop width.
      testIgnore: /social-sign-in\.spec\.ts/,
      // A test that takes long and behaves the same at every width runs at desktop width only.
      grepInvert: /@desktop-only/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    // A fresh embedded database: the demo directory plus enough synthetic profiles to scroll far,
    // the payment tests' guest codes and the console's visitor reports (the embedded database
    // opens in one process at a time, so they are made before the server starts). The server starts with its stand-ins for SMTP,
    // Google and GitHub (e2e/support).
    command: `rm -rf ${dataDir} && ${cli} seed-demo && ${cli} seed-bulk --count 1200 && ${createGuestCodes} && node --import tsx e2e/support/seed-reports.ts && node --import tsx e2e/support/server-with-stand-ins.ts`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      // Every browser test starts as a new guest from 127.0.0.1.
      RATE_LIMITS: 'off',
      // The directory cache stays on (15 s): a count read through the API and then shown by the
      // page agree even while other tests publish; the payment tests search for new names,
      // which no cache has seen.
    },
  },
});
