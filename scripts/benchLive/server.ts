/**
 * One web process of `npm run bench:live`: the product's app and live channel on a port of its own,
 * its own database pool and listening connection, exactly as `npm start` attaches them. Beside it,
 * on a second port, the floor the figures are read against: a bare `ws` server whose one
 * connection LISTENs on 'bench_raw' and broadcasts each payload to its sockets, with no session,
 * rule or query. For the breakdown it records, on the clock the other processes read, when each
 * event's id was announced to the hub and when its first and last socket write happened; the
 * parent asks for these at the end (IPC) and kills the process (SIGKILL) to test the reconnects.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { WebSocket, WebSocketServer } from 'ws';
import { createApp } from '../../backend/app';
import { loadConfig } from '../../backend/config';
import { createKnex } from '../../backend/db/knex';
import { LiveHub } from '../../backend/features/live';
import { attachLive } from '../../backend/features/live';
import { clock } from './clock';

const connectionString = process.env.BENCH_DATABASE_URL as string;
const knex = createKnex(connectionString);
const config = loadConfig({ worker: false });

// When each event id reached the hub (its NOTIFY) and when it was first and last written to a socket.
const announced = new Map<number, number>();
const firstWrite = new Map<number, number>();
const lastWrite = new Map<number, number>();
const proto = LiveHub.prototype as unknown as { enqueue(id: number): void };
const enqueue = proto.enqueue;
proto.enqueue = function (this: LiveHub, id: number) {
  if (!announced.has(id)) announced.set(id, clock());
  enqueue.call(this, id);
};
// Replays after a reconnect are left out of the breakdown: it follows the live path.
const replaying = new Set<WebSocket>();
const replay = LiveHub.prototype.replay;
LiveHub.prototype.replay = async function (this: LiveHub, client, after) {
  replaying.add(client.ws);
  try {
    await replay.call(this, client, after);
  } finally {
    replaying.delete(client.ws);
  }
};
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
  if (
    typeof data === 'string' &&
    !replaying.has(this) &&
    (data.startsWith('{"type":"event"') || data.startsWith('[{'))
  ) {
    const t = clock();
    for (const m of data.matchAll(/"type":"event","id":(\d+)/g)) {
      const id = Number(m[1]);
      if (!firstWrite.has(id)) firstWrite.set(id, t);
      lastWrite.set(id, t);
    }
  }
  return (send as (...a: unknown[]) => void).call(this, data, ...rest);
} as typeof WebSocket.prototype.send;

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

const server = createServer(createApp({ knex, config }));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
await attachLive(server, { knex, config });

// The floor: LISTEN/NOTIFY and a ws broadcast, nothing else.
const raw = new WebSocketServer({ host: '127.0.0.1', port: 0 });
await new Promise<void>((r) => raw.once('listening', r));
const listener = new pg.Client({ connectionString });
await listener.connect();
let rawId = 0;
listener.on('notification', (n) => {
  const wire = JSON.stringify({ type: 'event', id: ++rawId, topic: 'project', subjectId: 0, kind: n.payload });
  for (const ws of raw.clients) ws.send(wire);
});
await listener.query('listen bench_raw');

process.send?.({
  type: 'ready',
  url: `127.0.0.1:${(server.address() as AddressInfo).port}`,
  rawUrl: `127.0.0.1:${(raw.address() as AddressInfo).port}`,
});
process.on('message', (m: { type: string }) => {
  if (m.type === 'reset') {
    loop.reset();
    announced.clear();
    firstWrite.clear();
    lastWrite.clear();
  }
  if (m.type === 'stamps') {
    const cpu = process.cpuUsage();
    process.send?.({
      type: 'stamps',
      announced: [...announced],
      firstWrite: [...firstWrite],
      lastWrite: [...lastWrite],
      loopP99: loop.percentile(99) / 1e6,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    });
  }
});
