import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that take a minute or more (they start servers, or send thousands of requests), longest
 * first. Vitest starts the files it has no timings for by size, so on a fresh clone these could
 * start last and leave one worker running them alone at the end.
 */
const slowestFirst = [
  'apps/api/test/embedded-database-one-process.test.ts',
  'apps/api/test/security/fuzz.test.ts',
  'apps/api/test/backup-restore.test.ts',
  'apps/api/test/production-start.test.ts',
  'apps/api/test/server-lifecycle.test.ts',
  'apps/api/test/server-shutdown-drain.test.ts',
  'apps/api/test/npm-start.test.ts',
];

class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = slowestFirst.findIndex((slow) => file.moduleId.endsWith(slow));
      return index === -1 ? slowestFirst.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** One runner for every unit, component and API test; `--project` picks one. */
export default defineConfig({
  test: {
    // Each API test file holds its own database: two at a time fit this machine well.
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirstSequencer },
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
          // Each file builds its own app and database and no API test mocks a module, so a
          // worker keeps the modules it has loaded for its next file. With a fresh module graph
          // per file, loading took 193 s of the workers' time (16 s now), and the project ran
          // for 9.8 min instead of 8.3.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
