/**
 * `npm run bench:live`: the live channel under load, on loopback, in the processes production has.
 * Two web processes (scripts/benchLive/server.ts: the app and its live channel, each with its own
 * pool and listening connection) share one fresh embedded PostgreSQL, so events cross processes
 * through LISTEN/NOTIFY; SOCKETS sockets of a company user are held by a third process
 * (scripts/benchLive/clients.ts); this one inserts RATE events a second about one of the user's
 * projects for SECONDS seconds (the way the pipeline's log raises them). Half-way, one web process
 * is killed (SIGKILL) and its sockets reconnect to the other from the last id they saw. Every
 * process reads one clock (the system's monotonic clock).
 *
 * First the floor, for the figure to read as a ratio: the same sockets on a bare `ws` server in the
 * same two processes, fed by a bare pg_notify at the same rate (no session, rule, query or kill).
 * Then the product, with where an event's time went: insert to its NOTIFY reaching the hub, the
 * hub's reading (its row and its audience), the writes to the sockets, and the sockets' arrival.
 * Prints delivery p50/p95/p99 and events lost for both; exits 1 when an event is lost.
 * Targets: p95 <= 200 ms, 0 lost.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newToken, sha256 } from '../backend/auth/tokens';
import { loadConfig } from '../backend/config';
import { openDatabase } from '../backend/db/database';
import { removeDataFolder } from '../backend/db/reachability';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { seed } from '../seeds';
import { clock, percentile } from './benchLive/clock';

const SOCKETS = Number(process.env.SOCKETS ?? 500);
const RATE = Number(process.env.RATE ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 60);
const RAW_SECONDS = Number(process.env.RAW_SECONDS ?? 20);

type Message = Record<string, unknown> & { type: string };
const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
const child = (file: string, env: Record<string, string> = {}) =>
  fork(here(file), { execArgv: ['--import', 'tsx'], env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
/** The next message of a type from a child; a child that ends first fails the run. */
const from = <T = Message>(c: ChildProcess, type: string) =>
  new Promise<T>((resolve, reject) => {
    const on = (m: Message) => {
      if (m.type === 'error') reject(new Error(String(m.message)));
      if (m.type !== type) return;
      c.off('message', on);
      c.off('exit', ended);
      resolve(m as T);
    };
    const ended = (code: number | null) => reject(new Error(`a process of the benchmark ended (${code})`));
    c.on('message', on);
    c.once('exit', ended);
  });
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');

interface Result {
  samples: number;
  reconnects: number;
  resets: number;
  lost: number;
  p50: number;
  p95: number;
  p99: number;
  meanArrival: number[];
  loopP99: number;
}
interface Stamps {
  announced: [number, number][];
  firstWrite: [number, number][];
  lastWrite: [number, number][];
  loopP99: number;
  cpuSeconds: number;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentbase-bench-live-'));
const config = loadConfig({ worker: false, dataDir, embeddedPgPort: 20000 + Math.floor(Math.random() * 20000) });
const db = await openDatabase(config, console.log);
const knex = createKnex(db.connectionString);
const children: ChildProcess[] = [];

/**
 * One phase: the clients open their sockets on `urls`, `raise(seq, stamp)` is called at RATE for
 * `seconds`, `half()` once half-way; returns the clients' figures and each event's send time.
 */
async function phase(
  clients: ChildProcess,
  start: Record<string, unknown>,
  seconds: number,
  raise: (seq: number, stamp: string) => Promise<void>,
  half?: () => void,
) {
  const total = RATE * seconds;
  const ready = from(clients, 'ready');
  clients.send({ type: 'start', sockets: SOCKETS, total, ...start });
  await ready;
  const sent = new Float64Array(total);
  const failed = new Set<number>();
  const raised: Promise<void>[] = [];
  const t0 = clock();
  for (let seq = 0; seq < total; seq++) {
    const wait = t0 + (seq * 1000) / RATE - clock();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (seq === Math.floor(total / 2)) half?.();
    sent[seq] = clock();
    raised.push(raise(seq, sent[seq].toFixed(3)).catch(() => void failed.add(seq)));
  }
  await Promise.all(raised);
  const result = from<Result>(clients, 'result');
  clients.send({ type: 'finish', failed: [...failed] });
  return { ...(await result), sent, failed, total };
}

try {
  await migrate(knex, db.connectionString);
  await seed(knex, { log: () => {} });
  const owner = await knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const country = await knex('countries').orderBy('id').first('id');
  const [project] = await knex('projects')
    .insert({
      title: 'Bench',
      company_id: owner.company_id,
      owner_id: owner.id,
      job_title_id: jobTitle.id,
      countries: [country.id],
      headcount: 1,
      salary_min: 1,
      salary_max: 2,
    })
    .returning('id');
  const token = newToken();
  await knex('sessions').insert({
    token_hash: sha256(token),
    actor_kind: 2,
    actor_id: owner.id,
    expires_at: new Date(Date.now() + 3600_000),
  });

  const servers = [child('./benchLive/server.ts', { BENCH_DATABASE_URL: db.connectionString })];
  servers.push(child('./benchLive/server.ts', { BENCH_DATABASE_URL: db.connectionString }));
  children.push(...servers);
  const addresses = await Promise.all(servers.map((s) => from<{ url: string; rawUrl: string }>(s, 'ready')));
  const clients = child('./benchLive/clients.ts');
  children.push(clients);

  console.log(
    `Floor: ${SOCKETS} sockets on a bare ws server in each web process, ${RATE} bare pg_notify/s for ${RAW_SECONDS} s...`,
  );
  const rawUrls = addresses.map((a) => a.rawUrl);
  const floor = await phase(clients, { urls: rawUrls, survivor: rawUrls[1] }, RAW_SECONDS, async (seq, stamp) => {
    await knex.raw('select pg_notify(?, ?)', ['bench_raw', `bench.${seq}.${stamp}`]);
  });
  const floorLoad = load();

  for (const s of servers) s.send({ type: 'reset' });
  console.log(
    `Product: ${SOCKETS} sockets over two web processes, ${RATE} events/s for ${SECONDS} s; one process killed at ${Math.round(SECONDS / 2)} s...`,
  );
  const urls = addresses.map((a) => a.url);
  const ids = new Map<number, number>();
  const product = await phase(
    clients,
    { urls, survivor: urls[1], token },
    SECONDS,
    async (seq, stamp) => {
      const [row] = await knex('live_events')
        .insert({ topic: 1, subject_id: project.id, kind: `bench.${seq}.${stamp}` })
        .returning('id');
      ids.set(seq, Number(row.id));
    },
    () => servers[0].kill('SIGKILL'),
  );
  const productLoad = load();
  const stamps = await (async () => {
    const s = from<Stamps>(servers[1], 'stamps');
    servers[1].send({ type: 'stamps' });
    return s;
  })();

  // Where the time went, per event that the surviving process delivered (all of them, after the kill).
  const announced = new Map(stamps.announced);
  const firstWrite = new Map(stamps.firstWrite);
  const lastWrite = new Map(stamps.lastWrite);
  const stages = { notify: [] as number[], hub: [] as number[], writes: [] as number[], arrival: [] as number[] };
  for (const [seq, id] of ids) {
    const a = announced.get(id);
    const f = firstWrite.get(id);
    const l = lastWrite.get(id);
    if (a === undefined || f === undefined || l === undefined) continue;
    stages.notify.push(a - product.sent[seq]);
    stages.hub.push(f - a);
    stages.writes.push(l - f);
    if (Number.isFinite(product.meanArrival[seq])) stages.arrival.push(product.meanArrival[seq] - f);
  }
  const p = (xs: number[], q: number) => percentile(Float64Array.from(xs).sort(), q);

  console.log('');
  const line = (name: string, r: Result & { total: number }) =>
    `${name.padEnd(8)} p50 ${ms(r.p50).padStart(8)}  p95 ${ms(r.p95).padStart(8)}  p99 ${ms(r.p99).padStart(8)}  lost ${r.lost}  (${r.total} events, ${r.samples.toLocaleString('en')} deliveries, ${r.reconnects} reconnects, ${r.resets} told to reload)`;
  console.log(
    `sockets ${SOCKETS}, ${RATE} events/s; delivery in ms, from the insert (or pg_notify) to the socket's message`,
  );
  console.log(line('floor', floor) + `  load ${floorLoad}`);
  console.log(line('product', product) + `  load ${productLoad}`);
  console.log(
    `ratio    p50 ${(product.p50 / floor.p50).toFixed(1)}x  p95 ${(product.p95 / floor.p95).toFixed(1)}x  (target p95 <= 200 ms, 0 lost)`,
  );
  if (product.failed.size)
    console.log(`${product.failed.size} events could not be written (database overloaded): not counted`);
  console.log('');
  console.log('where an event went, in the surviving web process (p50 / p95 ms):');
  for (const [name, xs] of [
    ['insert committed to NOTIFY at the hub', stages.notify],
    ["hub: the event's row and audience read", stages.hub],
    ['writes: first to last socket', stages.writes],
    ["arrival: first write to the sockets' mean arrival", stages.arrival],
  ] as const)
    console.log(`  ${name.padEnd(50)} ${ms(p(xs, 50)).padStart(8)} / ${ms(p(xs, 95)).padStart(8)}`);
  console.log(
    `event loop delay p99 ms: web process ${ms(stamps.loopP99)}, sockets' process ${ms(product.loopP99)} (floor ${ms(floor.loopP99)}); web process CPU ${stamps.cpuSeconds.toFixed(1)} s`,
  );
  process.exitCode = product.lost === 0 && floor.lost === 0 ? 0 : 1;
} finally {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill();
  await knex.destroy();
  await db.stop();
  await removeDataFolder(dataDir);
}
process.exit(process.exitCode ?? 0);
