import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './tests/helpers/sequencer';

/**
 * Three projects. `unit`: pure logic (rules, parsers, the portal's view logic), no database, no
 * server; a test beside its code (`backend/**` `*.test.ts`, ...) lands here too. `api`: the real app
 * over HTTP on a cloned database. `e2e`: the built front ends in one shared Chromium.
 *
 * The global setup is the root's only (projects do not inherit it): one PostgreSQL and one template
 * database for the whole run, started only when a project that needs them runs, and one Chromium
 * when the browser tests run (tests/helpers/globalSetup.ts).
 *
 * Unit and API files two at a time (a file mostly waits on PostgreSQL; each has its own database
 * and app), then the browser files two at a time, so `npm test` builds the front ends meanwhile
 * (scripts/test.ts). A worker imports the product's modules once for all the files it runs
 * (`isolate: false`): every file builds its own app over its own database, so nothing a file
 * changes is seen by the next, and importing the backend per file cost more than the tests.
 * The files known to take longest start first (tests/helpers/sequencer.ts). Transformed modules are kept on disk
 * (`experimental.fsModuleCache`, in node_modules/.experimental-vitest-cache, keyed on each file's content): the three
 * projects and the calendar test's own vitest runs transform the backend once between them, not once each.
 */
const UNIT = [
  'tests/api/calendar.test.ts',
  'tests/api/credits-rules.test.ts',
  'tests/api/pipeline-board-logic.test.ts',
  'tests/api/pipeline-stages.test.ts',
  'tests/api/projects-plans.test.ts',
  'tests/e2e/portal-rules.test.ts',
  'tests/schema/console-messages.test.ts',
  'tests/schema/docs-map.test.ts',
  'tests/schema/entity-schemas.test.ts',
  'tests/schema/handler-length.test.ts',
  'tests/schema/install.test.ts',
  'tests/schema/labels.test.ts',
  'tests/schema/lookups.test.ts',
];
const BESIDE_CODE = ['{backend,schema,seeds,i18n,ui,admin,portal,scripts}/**/*.test.ts'];
const timeouts = { testTimeout: 30_000, hookTimeout: 120_000 };
// Each file stops what its helpers started (a database, a server, a browser connection) when it ends.
const fileEnd = { setupFiles: ['tests/helpers/fileEnd.setup.ts'] };
const two = { maxWorkers: 2 };

export default defineConfig({
  test: {
    experimental: { fsModuleCache: true },
    globalSetup: ['tests/helpers/globalSetup.ts'],
    reporters: ['default', './tests/helpers/summaryReporter.ts'],
    sequence: { sequencer: SlowestFirst },
    ...timeouts,
    projects: [
      {
        test: {
          name: 'unit',
          include: [...UNIT, ...BESIDE_CODE],
          exclude: ['**/node_modules/**'],
          pool: 'threads',
          isolate: false,
          ...two,
          ...timeouts,
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'tests/api/**/*.test.ts',
            'tests/schema/**/*.test.ts',
            'tests/jobs/**/*.test.ts',
            'tests/seeds/**/*.test.ts',
          ],
          exclude: [...UNIT, '**/node_modules/**'],
          pool: 'forks',
          isolate: false,
          ...fileEnd,
          ...two,
          ...timeouts,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...UNIT, '**/node_modules/**'],
          pool: 'forks',
          isolate: false,
          ...fileEnd,
          // Two browser files at a time, as the API files: a file spends much of its time waiting on its server,
          // PostgreSQL or an animation, and each has its own database, app and browser context. Three took as long
          // on two cores, each file slower.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          ...timeouts,
          testTimeout: 90_000,
          // A screen loaded on demand can take seconds on a busy machine; a poll waits for it as a user would.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
