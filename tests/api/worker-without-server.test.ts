/**
 * `npm run worker` without DATABASE_URL joins the embedded PostgreSQL of a running `npm start` on its data directory.
 * With none running there it stops at once and says what to do, instead of a refused connection's stack trace.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEntry } from '../helpers/startEntry';

const dataDir = await mkdtemp(path.join(tmpdir(), 'talentbase-worker-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run worker beside no running npm start', () => {
  it('stops with the two ways to give it a database', { timeout: 200_000 }, async () => {
    const { code, output } = await startEntry('backend/jobs/run.ts', { DATABASE_URL: undefined, DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain(`joins the embedded PostgreSQL of a running \`npm start\` on ${dataDir}`);
    expect(output).toContain('or set DATABASE_URL');
    expect(output).not.toContain('ECONNREFUSED');
  });
});
