/**
 * A process refuses to start on settings that would fail later or pretend: `npm start` and `npm run worker` in
 * production without SMTP_URL (sign-in is by emailed code) or PUBLIC_URL (every emailed link), with WORKER set to a
 * word other than on or off, WORKER_CONCURRENCY below 3, or with an ATS_ENCRYPTION_KEY that is not 32 bytes, each named in one message.
 */
import { describe, expect, it } from 'vitest';
import { startEntry as start } from '../helpers/startEntry';

const BAD = {
  NODE_ENV: 'production',
  APP_SECRET: 'start-checks-secret',
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  SMTP_URL: undefined,
  PUBLIC_URL: undefined,
  WORKER: 'false',
  WORKER_CONCURRENCY: '2',
  ATS_ENCRYPTION_KEY: 'too-short',
};

describe('Starting with settings that cannot run', () => {
  it('npm start and npm run worker stop at once and name every problem', { timeout: 200_000 }, async () => {
    const runs = await Promise.all(['scripts/start.ts', 'backend/jobs/run.ts'].map((entry) => start(entry, BAD)));
    for (const { code, output } of runs) {
      expect(code).not.toBe(0);
      expect(output).toContain('The configuration cannot run');
      expect(output).toContain('SMTP_URL must be set in production');
      expect(output).toContain('PUBLIC_URL must be set in production');
      expect(output).toContain("WORKER must be 'on' or 'off', got 'false'");
      expect(output).toContain('ATS_ENCRYPTION_KEY must be 32 bytes');
      expect(output).toContain('WORKER_CONCURRENCY must be a whole number of at least 3');
    }
  });
});
