/**
 * The client side of `npm run bench:live`, in a process of its own so that the figures measure the
 * servers, not 500 sockets parsing messages on the servers' own event loop. Told by its parent (IPC)
 * the servers' addresses, the session and how many events to expect, it opens the sockets, answers
 * 'ready', records each event's delivery time (the event names its send time, read from the same
 * wall clock), reconnects a dropped socket to the surviving server from the last id it saw, and on
 * 'finish' waits for deliveries to stop and answers with the figures.
 */
import { WebSocket } from 'ws';

interface Start {
  type: 'start';
  urls: string[];
  token: string;
  sockets: number;
  total: number;
}
interface Finish {
  type: 'finish';
  failed: number[];
}

const now = () => performance.timeOrigin + performance.now();
const pct = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const send = (m: unknown) => process.send?.(m);

let run: Start;
let latencies: Float64Array;
let samples = 0;
let reconnects = 0;
let stopping = false;
const got: Uint8Array[] = [];
const sockets: WebSocket[] = [];

function connect(i: number, url: string, after?: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${url}/api/v1/live${after !== undefined ? `?after=${after}` : ''}`, {
      headers: { cookie: `tb_session=${run.token}` },
      origin: `http://${url}`,
    });
    sockets[i] = ws;
    let last = after;
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string; id: number; kind: string; last?: number };
      if (m.type === 'ready') {
        last = Math.max(last ?? 0, m.last ?? 0);
        resolve();
        return;
      }
      if (m.type !== 'event' || !m.kind.startsWith('bench.')) return;
      last = Math.max(last ?? 0, m.id);
      const stamp = /^bench\.(\d+)\.(\d+(?:\.\d+)?)$/.exec(m.kind);
      if (!stamp) return;
      const seq = Number(stamp[1]);
      if (got[i][seq]) return;
      got[i][seq] = 1;
      latencies[samples++] = now() - Number(stamp[2]);
    });
    ws.on('close', () => {
      if (stopping) return;
      // The server went away: reconnect to the one left, from the last id seen.
      reconnects++;
      const survivor = run.urls[run.urls.length - 1];
      setTimeout(() => void connect(i, survivor, last).catch(() => {}), 100 + Math.random() * 400);
    });
    ws.on('error', reject);
  });
}

async function start(m: Start): Promise<void> {
  run = m;
  latencies = new Float64Array(m.total * m.sockets);
  for (let i = 0; i < m.sockets; i++) {
    got.push(new Uint8Array(m.total));
    await connect(i, m.urls[i % m.urls.length]);
  }
  send({ type: 'ready' });
}

async function finish(m: Finish): Promise<void> {
  // Until deliveries stop: the last events and the reconnects' replays (at most a minute).
  for (let quiet = 0, before = -1, waited = 0; quiet < 3 && waited < 60; waited++) {
    await new Promise((r) => setTimeout(r, 1000));
    quiet = samples === before ? quiet + 1 : 0;
    before = samples;
  }
  stopping = true;
  for (const ws of sockets) ws.terminate();
  const failed = new Set(m.failed);
  let lost = 0;
  for (const g of got) for (let s = 0; s < run.total; s++) if (!g[s] && !failed.has(s)) lost++;
  const sorted = latencies.slice(0, samples).sort();
  send({ type: 'result', samples, reconnects, lost, p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99) });
}

process.on('message', (m: Start | Finish) => {
  if (m.type === 'start') void start(m).catch((err) => send({ type: 'error', message: String(err) }));
  if (m.type === 'finish') void finish(m).then(() => process.exit(0));
});
