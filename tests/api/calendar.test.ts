/**
 * The suite on any date: the files whose outcome depends on the day (monthly log partitions, rollups of yesterday,
 * 7- and 30-day insights, credit lots that expire, reveals counted by day) run again in their own vitest, under
 * libfaketime, with the clock of Node and of the PostgreSQL it starts moved to the last minutes of a year (the last
 * day of a month and of a year, crossing midnight as the files run) and to the first minutes of the next (the first
 * day of both). The product's days are UTC days, so those are UTC instants: the runs are given TZ=UTC, as faketime
 * reads the time it is given in the run's own zone (on a host in Asia/Singapore, 23:58 would be 15:58 UTC, far from
 * any day's end). The moved clock runs on from there; the monotonic clock is left alone, so timeouts keep their
 * length.
 * `npm test` makes sure of faketime (scripts/faketime.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKETIME } from '../../scripts/faketime';

const DATE_DEPENDENT = [
  'tests/jobs/log-partitions.test.ts',
  'tests/api/talent-self.test.ts',
  'tests/api/dashboards-rollup.test.ts',
  'tests/api/pipeline-reveal-insights.test.ts',
  'tests/api/credits-admin.test.ts',
];
const root = path.resolve(__dirname, '../..');
/** The runs' environment: UTC, so the instants below are read as UTC ones whatever the host's zone. */
const RUN_ENV = { ...process.env, TZ: 'UTC', FAKETIME_DONT_FAKE_MONOTONIC: '1', CI: '1', LOG_LEVEL: 'error' };

/** The UTC time Node reads at `instant`, started as the runs are. */
const utcAt = (instant: string) =>
  spawnSync(FAKETIME, ['-f', `@${instant}`, process.execPath, '-e', 'process.stdout.write(new Date().toISOString())'], {
    env: RUN_ENV,
    encoding: 'utf8',
  }).stdout;

function runAt(instant: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      FAKETIME,
      [
        '-f',
        `@${instant}`,
        process.execPath,
        path.join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'api',
        '--reporter',
        'dot',
        ...DATE_DEPENDENT,
      ],
      {
        cwd: root, // A failing request's error is printed with the run's output.
        env: RUN_ENV,
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

describe('The date-dependent files, on the edges of the calendar', () => {
  it('pass on the last day of a month and a year, and on the first day of the next', async () => {
    const runs = await Promise.all(['2027-12-31 23:58:30', '2028-01-01 00:01:00'].map(runAt));
    for (const run of runs) {
      const out = plain(run.output);
      expect(out, out.slice(-4000)).toMatch(/Test Files\s+5 passed \(5\)/);
      expect(run.code, out.slice(-4000)).toBe(0);
    }
    // The runs began on the dates asked for, in UTC (vitest prints its start time from the moved clock).
    expect(plain(runs[0].output)).toMatch(/Start at\s+23:5[89]/);
    expect(plain(runs[1].output)).toMatch(/Start at\s+00:0[12]/);
    expect(utcAt('2027-12-31 23:58:30')).toMatch(/^2027-12-31T23:5[89]/);
    expect(utcAt('2028-01-01 00:01:00')).toMatch(/^2028-01-01T00:0[12]/);
  }, 600_000);
});
