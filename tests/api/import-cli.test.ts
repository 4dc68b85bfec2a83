/**
 * `npm run import` and `npm run db:seed` work beside a running `npm start`: they join its embedded
 * PostgreSQL (and leave it running), and start one themselves when nothing runs.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../backend/config';
import { APP_DATABASE, ensureDatabase, runningEmbeddedPort } from '../../backend/db/database';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../backend/db/embedded';
import { removeDataFolder } from '../../backend/db/reachability';
import { loadConfig } from '../../backend/config';

const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
let server: EmbeddedDatabase | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  await server?.stop();
  if (dataDir) await removeDataFolder(dataDir);
});

function run(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`exit ${code}:\n${output}`))));
  });
}

describe('Command-line imports and seeds beside the server', () => {
  it(
    'start their own embedded database when nothing runs, and join a running one otherwise',
    { timeout: 240_000 },
    async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'talentbase-cli-'));
      const port = await freePort();
      const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) };
      const file = path.join(dataDir, 'people.csv');
      await writeFile(file, 'email,firstName,lastName\nalone.run@import.example.com,Ana,Lim\n');

      // Nothing runs: the import starts the embedded database, migrates, imports, and stops it again.
      const alone = await run('scripts/import.ts', ['candidates', file], env);
      expect(alone).toMatch(/Starting the embedded PostgreSQL/);
      expect(alone).toMatch(/1 rows in/);
      expect(await runningEmbeddedPort(loadConfig({ dataDir, secret: 'x' }))).toBeUndefined();

      // `npm start` runs it now (started here the way the server does); the tools join it.
      server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port });
      const url = await ensureDatabase(server.connectionString, APP_DATABASE);
      const seeded = await run('seeds/run.ts', ['--only', 'lookups'], env);
      expect(seeded).toMatch(new RegExp(`Using the embedded PostgreSQL of the running server on port ${port}`));
      expect(seeded).toMatch(/seeded lookups/);
      const joined = await run('scripts/import.ts', ['candidates', file], env);
      expect(joined).toMatch(/Using the embedded PostgreSQL of the running server/);
      expect(joined).not.toMatch(/Starting the embedded PostgreSQL|already running/);
      expect(joined).toMatch(/1 rows in/);

      // The server's database is still up, with what the tools wrote.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query('select count(*)::int as n from countries');
        expect(rows[0].n).toBeGreaterThan(200);
        // The product's lasting cluster is sized for its data, not left at PostgreSQL's defaults (128 MB, 1 GB).
        const quarter = Math.max(128, Math.min(2048, Math.floor(os.totalmem() / 4 / 2 ** 20)));
        const settings = await client.query(
          "select (pg_size_bytes(current_setting('max_wal_size')) / 1048576)::int as wal, (pg_size_bytes(current_setting('shared_buffers')) / 1048576)::int as cache",
        );
        expect(settings.rows[0]).toEqual({ wal: 4096, cache: quarter });
      } finally {
        await client.end();
      }
    },
  );
});
