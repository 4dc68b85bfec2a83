/**
 * The sockets of `npm run bench:live`, in a process of their own so that the figures measure the
 * servers, not 500 sockets parsing messages on the servers' event loop. Per phase, told by the
 * parent (IPC) the servers' addresses, the session and how many events to expect, it opens the
 * sockets, answers 'ready', records each event's arrival on the shared clock (the event's kind
 * names its sequence number and send time), reconnects a dropped socket to the surviving server
 * from the last id it saw, and on 'finish' waits for deliveries to stop and answers with the figures.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { clock, percentile } from './clock';

interface Start {
  type: 'start';
  urls: string[];
  survivor: string;
  token?: string;
  sockets: number;
  total: number;
}
interface Finish {
  type: 'finish';
  failed: number[];
}

type Message = { type: string; id: number; kind: string; last?: number };
const send = (m: unknown) => process.send?.(m);
const loop = monitorEventLoopDelay({ resolution: 10 });

let run: Start;
let latencies: Float64Array;
let samples = 0;
let reconnects = 0;
let resets = 0;
let stopping = false;
let got: Uint8Array[] = [];
/** Per event: the sum of its arrival times, to give each event's mean arrival. */
let arrivalSum: Float64Array;
let arrivals: Uint32Array;
let sockets: WebSocket[] = [];

function connect(i: number, url: string, after?: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${url}/api/v1/live${after !== undefined ? `?after=${after}` : ''}`, {
      headers: run.token ? { cookie: `tb_session=${run.token}` } : {},
      origin: `http://${url}`,
      perMessageDeflate: false,
    });
    sockets[i] = ws;
    let last = after;
    if (!run.token) ws.once('open', () => resolve());
    ws.on('message', (data) => {
      const at = clock();
      // A frame is one message or an array of events sent together.
      const parsed = JSON.parse(String(data)) as Message | Message[];
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
        if (m.type === 'reset') resets++;
        if (m.type === 'ready') {
          last = Math.max(last ?? 0, m.last ?? 0);
          resolve();
          continue;
        }
        if (m.type !== 'event' || !m.kind.startsWith('bench.')) continue;
        last = Math.max(last ?? 0, m.id);
        const stamp = /^bench\.(\d+)\.(\d+(?:\.\d+)?)$/.exec(m.kind);
        if (!stamp) continue;
        const seq = Number(stamp[1]);
        if (got[i][seq]) continue;
        got[i][seq] = 1;
        latencies[samples++] = at - Number(stamp[2]);
        arrivalSum[seq] += at;
        arrivals[seq]++;
      }
    });
    ws.on('close', () => {
      if (stopping) return;
      // The server went away: reconnect to the one left, from the last id seen.
      reconnects++;
      setTimeout(() => void connect(i, run.survivor, last).catch(() => {}), 100 + Math.random() * 400);
    });
    ws.on('error', reject);
  });
}

async function start(m: Start): Promise<void> {
  run = m;
  samples = 0;
  reconnects = 0;
  resets = 0;
  stopping = false;
  sockets = [];
  latencies = new Float64Array(m.total * m.sockets);
  arrivalSum = new Float64Array(m.total);
  arrivals = new Uint32Array(m.total);
  got = Array.from({ length: m.sockets }, () => new Uint8Array(m.total));
  for (let i = 0; i < m.sockets; i++) await connect(i, m.urls[i % m.urls.length]);
  loop.reset();
  loop.enable();
  send({ type: 'ready' });
}

async function finish(m: Finish): Promise<void> {
  // Until deliveries stop: the last events and the reconnects' replays (at most a minute).
  for (let quiet = 0, before = -1, waited = 0; quiet < 3 && waited < 60; waited++) {
    await new Promise((r) => setTimeout(r, 1000));
    quiet = samples === before ? quiet + 1 : 0;
    before = samples;
  }
  loop.disable();
  stopping = true;
  for (const ws of sockets) ws.terminate();
  const failed = new Set(m.failed);
  let lost = 0;
  for (const g of got) for (let s = 0; s < run.total; s++) if (!g[s] && !failed.has(s)) lost++;
  const sorted = latencies.slice(0, samples).sort();
  const meanArrival = Array.from(arrivalSum, (sum, seq) => (arrivals[seq] ? sum / arrivals[seq] : NaN));
  send({
    type: 'result',
    samples,
    reconnects,
    resets,
    lost,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    meanArrival,
    loopP99: loop.percentile(99) / 1e6,
  });
}

process.on('message', (m: Start | Finish) => {
  if (m.type === 'start') void start(m).catch((err) => send({ type: 'error', message: String(err) }));
  if (m.type === 'finish') void finish(m).catch((err) => send({ type: 'error', message: String(err) }));
});
