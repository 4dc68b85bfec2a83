/**
 * `npm run worker` on METRICS_PORT reports its one Knex pool (db_pool_*{pool="worker"}), as docs/operations.md
 * promises, and a request whose target is no URL does not end it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../backend/config';
import { TEST_SECRET, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let worker: ChildProcess | undefined;
let exited: Promise<number | null>;
let output = '';

/** A port free now, for the worker's METRICS_PORT. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let port: number;

beforeAll(async () => {
  t = await testApp();
  port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/jobs/run.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      APP_SECRET: TEST_SECRET,
      DATABASE_URL: t.url,
      METRICS_PORT: String(port),
      WORKER_CONCURRENCY: '3',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  worker = child;
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  exited = new Promise((resolve) => child.once('exit', resolve));
});
afterAll(async () => {
  if (worker && worker.exitCode === null) {
    worker.kill('SIGTERM');
    await exited;
  }
  await t?.knex.destroy();
});

/** The worker's metrics once it listens (it opens its port after the runner started); fails if the worker ended. */
async function scrape(): Promise<string> {
  for (;;) {
    if (worker?.exitCode !== null) throw new Error(`the worker ended (${worker?.exitCode}): ${output}`);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`).catch(() => undefined);
    if (res?.status === 200) return res.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('npm run worker on METRICS_PORT', () => {
  it('reports its pool as the worker pool', { timeout: 180_000 }, async () => {
    const text = await scrape();
    expect(text).toMatch(/^db_pool_connections\{pool="worker",state="used"\} \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{pool="worker",state="free"\} \d+$/m);
  });

  it('answers a request whose target is no URL with 404 and goes on', async () => {
    // Written raw: fetch would normalise the target.
    const line = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET //@ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      );
      let out = '';
      socket.on('data', (chunk) => (out += String(chunk)));
      socket.on('error', () => {});
      socket.on('close', () => resolve(out.split('\r\n')[0]));
    });
    expect(line).toBe('HTTP/1.1 404 Not Found');
    expect(await scrape()).toMatch(/^# HELP /m);
  });
});
