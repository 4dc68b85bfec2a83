/**
 * Demo data belongs to the embedded default and development: a production start (`npm start`
 * with NODE_ENV=production) on an empty database loads only the lookups, and the demo loads there
 * only when the operator asks for it (SEED_DEMO=true).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../backend/config';
import { ensureDatabase } from '../../backend/db/database';
import { freePort } from '../../backend/db/embedded';
import { createKnex } from '../../backend/db/knex';

const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const name = `tb_prod_${randomBytes(5).toString('hex')}`;
let url: string;

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

/** Runs a command of the product to completion, or until `until` shows in its output (then stops it). */
function run(script: string, args: string[], env: Record<string, string>, until?: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 || (until && signal === 'SIGTERM') || (until && until.test(output))) resolve(output);
      else reject(new Error(`exit ${code ?? signal}:\n${output}`));
    });
  });
}

async function counts(): Promise<Record<string, number>> {
  const knex = createKnex(url, { max: 1 });
  try {
    const out: Record<string, number> = {};
    for (const table of [
      'countries',
      'cities',
      'skills',
      'admins',
      'companies',
      'company_users',
      'candidates',
      'tags',
    ]) {
      out[table] = Number((await knex(table).count({ n: '*' }))[0].n);
    }
    return out;
  } finally {
    await knex.destroy();
  }
}

const production = () => ({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  APP_SECRET: 'production-test-secret',
  // Production needs both to start (backend/startChecks.ts); nothing here sends mail.
  SMTP_URL: 'smtp://127.0.0.1:1',
  PUBLIC_URL: 'https://talentbase.example',
  WORKER: 'off',
  LOG_LEVEL: 'warn',
});

describe('Starting in production', () => {
  it('loads the lookups and no demo people, companies or candidates', { timeout: 180_000 }, async () => {
    url = await ensureDatabase(inject('pgAdminUrl'), name);
    const output = await run(
      'scripts/start.ts',
      [],
      { ...production(), PORT: String(await freePort()), SEED_DEMO: '' },
      /is running at/,
    );
    expect(output).toMatch(/seeded lookups/);
    expect(output).not.toMatch(/seeded demo|seeded candidates|admin@example\.com/);
    const after = await counts();
    expect(after.countries).toBeGreaterThan(200);
    expect(after.cities).toBeGreaterThan(1000);
    expect(after.skills).toBeGreaterThan(100);
    expect({
      admins: after.admins,
      companies: after.companies,
      company_users: after.company_users,
      candidates: after.candidates,
      tags: after.tags,
    }).toEqual({
      admins: 0,
      companies: 0,
      company_users: 0,
      candidates: 0,
      tags: 0,
    });
  });

  it('loads the demo only when the operator asks for it with SEED_DEMO=true', { timeout: 180_000 }, async () => {
    const plain = await run('seeds/run.ts', [], { ...production(), SEED_DEMO: '' });
    expect(plain).toMatch(/Nothing to do/);
    expect((await counts()).admins).toBe(0);
    const asked = await run('seeds/run.ts', [], { ...production(), SEED_DEMO: 'true' });
    expect(asked).toMatch(/seeded demo/);
    const after = await counts();
    expect(after.admins).toBeGreaterThan(0);
    expect(after.companies).toBeGreaterThan(0);
    expect(after.candidates).toBeGreaterThan(1000);
  });
});
