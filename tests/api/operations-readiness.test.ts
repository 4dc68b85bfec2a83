/**
 * Readiness from an operator's side: on a PostgreSQL of the file's own, `/ready` answers 200 when
 * the database answers, every migration is applied and the worker polls; 503 naming the failing
 * part when PostgreSQL stops, a migration is missing or the worker stopped; 200 again when
 * PostgreSQL returns. `/health` answers 200 throughout, without the database.
 */
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../backend/app';
import { loadConfig } from '../../backend/config';
import { ensureDatabase } from '../../backend/db/database';
import { removeDataFolder } from '../../backend/db/reachability';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../backend/db/embedded';
import { createKnex } from '../../backend/db/knex';
import { migrate } from '../../backend/db/migrate';
import { Readiness } from '../../backend/http/readiness';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { TEST_SECRET } from '../helpers/app';

const dir = mkdtempSync(path.join(os.tmpdir(), 'talentbase-ready-'));
const dataDir = path.join(dir, 'pg');
// A small cluster: the product's lasting settings would take a quarter of the machine's memory.
const settings = { shared_buffers: '32MB', max_wal_size: '256MB' };
let port: number;
let pgServer: EmbeddedDatabase | undefined;
let knex: Knex;
let url: string;
let server: Server;
let base: string;
let readiness: Readiness;
let worker: Worker | undefined;

const startPostgres = async () => {
  pgServer = await startEmbeddedPostgres({ dataDir, port, settings });
  return pgServer;
};

const ready = async () => {
  const res = await fetch(`${base}/ready`);
  return { status: res.status, body: (await res.json()) as { failing: string[]; checks: Record<string, string> } };
};

beforeAll(async () => {
  port = await freePort();
  url = await ensureDatabase((await startPostgres()).connectionString, 'talentbase');
  knex = createKnex(url, { max: 4 });
  await migrate(knex, url);
  const config = loadConfig({ secret: TEST_SECRET, env: 'test', readyTimeoutMs: 1000 });
  readiness = new Readiness(url, config.readyTimeoutMs);
  server = createApp({ knex, config, readiness }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await worker?.stop().catch(() => {});
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await knex?.destroy();
  await pgServer?.stop();
  // With the cluster it links to: run as root, the cluster lives where the postgres user can reach it (placeDataDir).
  await removeDataFolder(dir);
});

describe('Readiness', () => {
  it('is refused while a migration of this code is not applied, and given once it is', async () => {
    const [last] = await knex('knex_migrations').orderBy('id', 'desc').limit(1).select('id', 'name');
    await knex('knex_migrations').where('id', last.id).delete();
    const missing = await ready();
    expect(missing.status).toBe(503);
    expect(missing.body.failing).toEqual(['migrations']);
    await knex('knex_migrations').insert({ name: last.name, batch: 1, migration_time: new Date() });
    const back = await ready();
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.checks).toEqual({ database: 'ok', migrations: 'ok' });
  });

  it("names the worker when the process's worker has stopped polling", async () => {
    worker = await startWorker(url, loadConfig({ secret: TEST_SECRET, env: 'test' }), 1);
    readiness.worker = worker.pulse;
    const running = await ready();
    expect(running.status).toBe(200);
    expect(running.body.checks.worker).toBe('ok');
    await worker.stop();
    worker = undefined;
    const stopped = await ready();
    expect(stopped.status).toBe(503);
    expect(stopped.body.failing).toEqual(['worker']);
    readiness.worker = undefined;
  });

  it('turns 503 within seconds when PostgreSQL stops, and 200 when it returns', { timeout: 120_000 }, async () => {
    expect((await ready()).status).toBe(200);
    await pgServer?.stop();
    pgServer = undefined;
    const stoppedAt = Date.now();
    await expect.poll(async () => (await ready()).status, { timeout: 10_000, interval: 250 }).toBe(503);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    const down = await ready();
    expect(down.body.failing).toEqual(['database']);
    expect(down.body.checks).toEqual({ database: 'down', migrations: 'ok' });
    // Liveness does not depend on the database: the process itself is fine.
    expect((await fetch(`${base}/health`)).status).toBe(200);

    await startPostgres();
    await expect.poll(async () => (await ready()).status, { timeout: 15_000, interval: 250 }).toBe(200);
    // The app's own pool serves again too.
    const countries = await fetch(`${base}/api/v1/countries?range=[0,1]`);
    expect(countries.status).toBe(200);
  });

  it('reports not ready from the first moment of a shutdown', async () => {
    readiness.markStopping();
    const stopping = await ready();
    expect(stopping.status).toBe(503);
    expect(stopping.body.failing).toEqual(['process']);
    expect(stopping.body.checks.process).toBe('stopping');
  });
});
