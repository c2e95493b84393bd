import { defineConfig } from 'vitest/config';

/** One runner for every unit, component and API test; `--project` picks one. */
export default defineConfig({
  test: {
    // Each API test file holds its own database: two at a time fit this machine well.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'api',
          include: [
            'apps/api/test/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'packages/contracts/test/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['apps/api/test/support/global-setup.ts'],
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
