/**
 * `npm run bench:live`: the live channel under load, on loopback. Two web processes' worth of
 * servers (each its own HTTP server, database pool and listening connection) share the sockets;
 * SOCKETS sockets of a company user are held open, RATE events a second about one of its projects
 * are raised for SECONDS seconds (inserted the way the pipeline's log raises them), and each socket
 * records when each event arrived. Half-way, one server is killed with its sockets; they reconnect
 * to the other from the last id they saw. Prints delivery p50/p95/p99 and the events lost.
 * Targets: p95 <= 200 ms, 0 lost. A fresh embedded PostgreSQL in a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { WebSocket } from 'ws';
import { createApp } from '../backend/app';
import { newToken, sha256 } from '../backend/auth/tokens';
import { loadConfig } from '../backend/config';
import { openDatabase } from '../backend/db/database';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { attachLive, type Live } from '../backend/features/live/socket';
import { seed } from '../seeds';

const SOCKETS = Number(process.env.SOCKETS ?? 500);
const RATE = Number(process.env.RATE ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 60);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentbase-bench-live-'));
const config = loadConfig({ worker: false, dataDir, embeddedPgPort: 20000 + Math.floor(Math.random() * 20000) });
const db = await openDatabase(config, console.log);
const knex = createKnex(db.connectionString);

interface Web {
  server: Server;
  knex: Knex;
  live: Live;
  url: string;
}

async function web(): Promise<Web> {
  const own = createKnex(db.connectionString);
  const server = createServer(createApp({ knex: own, config }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const live = await attachLive(server, { knex: own, config });
  return { server, knex: own, live, url: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const pct = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

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
  await knex('sessions').insert({ token_hash: sha256(token), actor_kind: 2, actor_id: owner.id, expires_at: new Date(Date.now() + 3600_000) });

  const webs = [await web(), await web()];
  const total = RATE * SECONDS;
  const sentAt = new Float64Array(total).fill(NaN);
  const latencies = new Float64Array(total * SOCKETS);
  let samples = 0;
  const got: Uint8Array[] = [];
  let reconnects = 0;

  const connect = (i: number, target: Web, after?: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${target.url}/api/v1/live${after !== undefined ? `?after=${after}` : ''}`, {
        headers: { cookie: `tb_session=${token}` },
        origin: `http://${target.url}`,
      });
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
        const seq = Number(m.kind.slice(6));
        if (got[i][seq]) return;
        got[i][seq] = 1;
        latencies[samples++] = performance.now() - sentAt[seq];
      });
      ws.on('close', () => {
        if (stopping) return;
        // The server went away: reconnect to the one left, from the last id seen.
        reconnects++;
        setTimeout(() => void connect(i, webs[1], last).catch(() => {}), 100 + Math.random() * 400);
      });
      ws.on('error', reject);
    });

  let stopping = false;
  const inserts: Promise<void>[] = [];
  const failed = new Set<number>();
  console.log(`Opening ${SOCKETS} sockets...`);
  for (let i = 0; i < SOCKETS; i++) {
    got.push(new Uint8Array(total));
    await connect(i, webs[i % 2]);
  }
  console.log(`Sending ${RATE} events/s for ${SECONDS} s; one server is killed at ${Math.round(SECONDS / 2)} s...`);
  const start = performance.now();
  for (let seq = 0; seq < total; seq++) {
    const due = start + (seq * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (seq === Math.floor(total / 2)) {
      // A web process dies: its sockets drop, its listening connection ends.
      await webs[0].live.close();
      webs[0].server.closeAllConnections();
      webs[0].server.close();
    }
    sentAt[seq] = performance.now();
    inserts.push(
      knex('live_events')
        .insert({ topic: 1, subject_id: project.id, kind: `bench.${seq}` })
        .then(
          () => {},
          () => void failed.add(seq),
        ),
    );
  }
  await Promise.all(inserts);
  // Until deliveries stop: the last events and the reconnects' replays (at most a minute).
  for (let quiet = 0, before = -1, waited = 0; quiet < 3 && waited < 60; waited++) {
    await new Promise((r) => setTimeout(r, 1000));
    quiet = samples === before ? quiet + 1 : 0;
    before = samples;
  }
  stopping = true;
  let lost = 0;
  for (const g of got) for (let s = 0; s < total; s++) if (!g[s] && !failed.has(s)) lost++;
  if (failed.size) console.log(`${failed.size} events could not be written (database overloaded): not counted`);
  const sorted = latencies.slice(0, samples).sort();
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log('');
  console.log(`sockets ${SOCKETS}, events ${total} (${RATE}/s for ${SECONDS} s), deliveries ${samples.toLocaleString('en')}, reconnects ${reconnects}`);
  console.log(`delivery ms  p50 ${pct(sorted, 50).toFixed(1)}  p95 ${pct(sorted, 95).toFixed(1)}  p99 ${pct(sorted, 99).toFixed(1)}  (target p95 <= 200)`);
  console.log(`lost messages ${lost} (target 0)`);
  console.log(`load average ${load}`);
  await webs[1].live.close();
  webs[1].server.closeAllConnections();
  webs[1].server.close();
  for (const w of webs) await w.knex.destroy();
  process.exitCode = lost === 0 ? 0 : 1;
} finally {
  await knex.destroy();
  await db.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
