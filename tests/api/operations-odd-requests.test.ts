/**
 * One odd or abandoned request never takes a web or worker process down: an upgrade whose target
 * is no URL (`GET //@`), a client that resets its connection while its session is being read, and
 * `GET //@` on METRICS_PORT each end their own connection, and the process answers the next request.
 * (On a crash the test process itself meets the uncaught error, which fails the run.)
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForMetrics } from '../../backend/http/metrics';
import { testApp, type TestApp } from '../helpers/app';
import { liveServer, type LiveServer } from '../helpers/live';

let t: TestApp;
let s: LiveServer;
let metrics: Server;

beforeAll(async () => {
  t = await testApp();
  s = await liveServer(t);
  metrics = await listenForMetrics(0);
});
afterAll(async () => {
  await s?.close();
  metrics?.close();
});

const portOf = (origin: string) => Number(new URL(origin).port);

/** Opens a raw connection to `port` and writes `head` (a request line and headers) on it. */
function rawConnection(port: number, head: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${head}\r\n`);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** The status line the server answers to a raw request, or '(closed)' when it closes without one. */
async function statusLine(port: number, head: string): Promise<string> {
  const socket = await rawConnection(port, head);
  return new Promise((resolve) => {
    let out = '';
    socket.on('data', (chunk) => (out += String(chunk)));
    socket.on('error', () => {});
    socket.on('close', () => resolve(out.split('\r\n')[0] || '(closed)'));
  });
}

const upgradeHead = (target: string, port: number, extra: string[] = []) =>
  [
    `GET ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ...extra,
    '',
  ].join('\r\n');

const healthy = async (origin: string) => {
  const res = await fetch(`${origin}/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
};

describe('The live channel survives odd upgrades', () => {
  it('an upgrade whose target is no URL is refused with 400, and the server answers on', async () => {
    const port = portOf(s.origin);
    expect(await statusLine(port, upgradeHead('//@', port))).toBe('HTTP/1.1 400 Bad Request');
    await healthy(s.origin);
    // The channel itself still opens its upgrades as before.
    expect(await statusLine(port, upgradeHead('/api/v1/live', port))).toBe('HTTP/1.1 403 Forbidden');
  });

  it('a client that resets its connection while its session is read ends only its own socket', async () => {
    const port = portOf(s.origin);
    const trx = await t.knex.transaction();
    try {
      // The session read waits on this lock, so the reset surely comes while it is pending.
      await trx.raw('lock table sessions in access exclusive mode');
      const head = upgradeHead('/api/v1/live', port, [`Origin: ${s.origin}`, 'Cookie: tb_session=some-session-token']);
      const socket = await rawConnection(port, head);
      socket.on('error', () => {});
      await waitForSessionRead();
      const closed = new Promise((r) => socket.once('close', r));
      socket.resetAndDestroy();
      await closed;
    } finally {
      await trx.commit();
    }
    await healthy(s.origin);
    // The next upgrade is answered as usual once the session is read.
    const head = upgradeHead('/api/v1/live', port, [`Origin: ${s.origin}`, 'Cookie: tb_session=some-session-token']);
    expect(await statusLine(port, head)).toBe('HTTP/1.1 401 Unauthorized');
  });
});

/** Until the server's read of the sessions table (findSession, whose text the view cuts short) waits on the test's lock. */
async function waitForSessionRead(): Promise<void> {
  for (;;) {
    const { rows } = await t.knex.raw(
      `select 1 from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like 'select s.id, s.actor_kind,%'`,
    );
    if (rows.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('METRICS_PORT survives odd requests', () => {
  it('a request whose target is no URL is answered 404, and /metrics still answers', async () => {
    const port = (metrics.address() as AddressInfo).port;
    expect(await statusLine(port, `GET //@ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n`)).toBe(
      'HTTP/1.1 404 Not Found',
    );
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^# HELP /m);
  });
});
