/**
 * A production process without DATABASE_URL refuses to start, naming the variable: `npm start` would otherwise quietly
 * start a private embedded PostgreSQL of its own, and `npm run worker` look for one on 127.0.0.1, each process on data
 * nobody else sees. Every other setting here is one a production start accepts.
 */
import { describe, expect, it } from 'vitest';
import { startEntry as start } from '../helpers/startEntry';

const WITHOUT_DATABASE_URL = {
  NODE_ENV: 'production',
  APP_SECRET: 'start-checks-secret',
  DATABASE_URL: undefined,
  SMTP_URL: 'smtp://127.0.0.1:1',
  PUBLIC_URL: 'https://talent.example.com',
  WORKER: 'off',
  WORKER_CONCURRENCY: '4',
  ATS_ENCRYPTION_KEY: undefined,
  // Should a process get past its checks, it finds no embedded database to start or join, rather than a developer's.
  DATA_DIR: '/dev/null/talentbase',
  EMBEDDED_PG_PORT: '1',
};

describe('Starting in production without DATABASE_URL', () => {
  it('npm start and npm run worker stop at once and name DATABASE_URL', { timeout: 200_000 }, async () => {
    const runs = await Promise.all(
      ['scripts/start.ts', 'backend/jobs/run.ts'].map((entry) => start(entry, WITHOUT_DATABASE_URL)),
    );
    for (const { code, output } of runs) {
      expect(code, output).not.toBe(0);
      expect(output).toContain('The configuration cannot run');
      expect(output).toContain('DATABASE_URL must be set in production');
      expect(output).not.toContain('SMTP_URL must be set');
      expect(output).not.toContain('PUBLIC_URL must be set');
    }
  });
});
