/**
 * Where SEED_DEMO is off (production by default), `npm run db:seed` adds no demo people through --only or
 * --candidates: it stops before the database opens and names the setting. DATA_DIR holds the uploads too, unless
 * UPLOAD_DIR says otherwise, so personal files follow the data directory out of the checkout.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig, ROOT } from '../../backend/config';

const run = promisify(execFile);

async function seed(args: string[], seedDemo = ''): Promise<{ code: number; output: string }> {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    SEED_DEMO: seedDemo,
    APP_SECRET: 'seed-demo-off-secret',
    // Never opened: the refusal comes first.
    DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'seeds/run.ts', ...args], {
      cwd: ROOT,
      env,
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe('npm run db:seed where SEED_DEMO is off', () => {
  it.each([
    [['--only', 'lookups,demo'], 'demo'],
    [['--only', 'candidates,projects'], 'candidates, projects'],
    [['--only', 'lookups', '--candidates', '50'], '--candidates'],
  ])('%j stops before the database opens, naming %s', { timeout: 60_000 }, async (args, named) => {
    const { code, output } = await seed(args);
    expect(code).toBe(1);
    expect(output).toContain(`SEED_DEMO is off for this database, so ${named} would not load`);
    expect(output).not.toContain('ECONNREFUSED');
  });
});

describe('npm run db:seed where SEED_DEMO is on', () => {
  it('takes --candidates and demo sets, going on to open the database', { timeout: 60_000 }, async () => {
    const { code, output } = await seed(['--only', 'demo', '--candidates', '5'], 'true');
    // The database named here does not answer: the command got past the setting's check to it.
    expect(code).not.toBe(0);
    expect(output).not.toContain('SEED_DEMO is off');
  });
});

describe('DATA_DIR', () => {
  it('holds the uploads unless UPLOAD_DIR is set', () => {
    vi.stubEnv('DATA_DIR', '/srv/talentbase');
    vi.stubEnv('UPLOAD_DIR', '');
    try {
      expect(loadConfig({ secret: 'x' }).uploadDir).toBe(path.join('/srv/talentbase', 'uploads'));
      vi.stubEnv('UPLOAD_DIR', '/mnt/files');
      expect(loadConfig({ secret: 'x' }).uploadDir).toBe('/mnt/files');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
