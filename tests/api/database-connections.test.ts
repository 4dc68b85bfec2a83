/**
 * A dropped database connection is logged and survived: with the server and the worker running,
 * PostgreSQL ends every pooled connection (pg_terminate_backend), and the next request and the
 * next job succeed on fresh connections. The worker's pool has all of graphile-worker's handlers.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeWorkerUtils } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let server: Server;
let base: string;
let worker: Worker;
const warnings: string[] = [];

beforeAll(async () => {
  t = await testApp();
  const warn = vi
    .spyOn(console, 'warn')
    .mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
  worker = await startWorker(t.url, t.config, 1);
  warn.mockRestore();
  server = await new Promise((resolve) => {
    const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await worker?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** Ends every other session on the test database, as an administrator or a restart would. */
async function terminateConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    // Wait until PostgreSQL has closed them, so the pools have heard of it.
    for (let i = 0; i < 100; i += 1) {
      const left = await admin.query(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      if (left.rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 100));
    return rows.filter((r) => r.ended).length;
  } finally {
    await admin.end();
  }
}

describe('A dropped database connection', () => {
  it("graphile-worker finds every error handler on the worker's pool", () => {
    expect(warnings.filter((w) => /error handlers/.test(w))).toEqual([]);
  });

  it('is survived: the next request succeeds on a fresh connection', async () => {
    // Several requests at once, so the pool holds several connections.
    const warm = await Promise.all(Array.from({ length: 4 }, () => fetch(`${base}/api/v1/countries?range=[0,4]`)));
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    expect(await terminateConnections()).toBeGreaterThan(0);

    const next = await fetch(`${base}/api/v1/countries?range=[0,4]`);
    expect(next.status).toBe(200);
    expect(((await next.json()) as unknown[]).length).toBe(5);
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
  });

  it('is survived by the worker: a job queued afterwards runs', async () => {
    await terminateConnections();
    const utils = await makeWorkerUtils({ connectionString: t.url });
    try {
      const job = await utils.addJob('purge_expired', {});
      // Done once graphile-worker has deleted it; until then, what its attempts so far ended with.
      await expect
        .poll(
          async () => {
            const { rows } = await t.knex.raw(
              'select attempts, last_error from graphile_worker._private_jobs where id = ?',
              [job.id],
            );
            return rows[0] ? `${rows[0].attempts} attempts, last error: ${rows[0].last_error}` : 'done';
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe('done');
    } finally {
      await utils.release();
    }
  });
});
