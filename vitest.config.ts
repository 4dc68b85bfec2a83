import { defineConfig } from 'vitest/config';

// One PostgreSQL for the whole run (tests/helpers/globalSetup.ts); each test file clones its own database from a migrated template.
export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/globalSetup.ts'],
    reporters: ['default', './tests/helpers/summaryReporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/schema/**/*.test.ts', 'tests/jobs/**/*.test.ts', 'tests/seeds/**/*.test.ts'],
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], pool: 'forks', maxWorkers: 1, fileParallelism: false, testTimeout: 90_000 },
      },
    ],
  },
});
