/**
 * `npm run bench:live`: the live channel under load, on loopback. Two web processes' worth of
 * servers (each its own HTTP server, database pool and listening connection) share the sockets;
 * SOCKETS sockets of a company user are held open, RATE events a second about one of its projects
 * are raised for SECONDS seconds (inserted the way the pipeline's log raises them), and each socket
 * records when each event arrived. The sockets are held by a separate process
 * (bench-live-clients.ts): run on the servers' own event loop, parsing 25,000 messages a second
 * delayed the servers and the figure measured the clients (p95 35 s). Half-way, one server is
 * killed with its sockets; they reconnect to the other from the last id they saw. Prints delivery
 * p50/p95/p99 and the events lost.
 * Targets: p95 <= 200 ms, 0 lost. A fresh embedded PostgreSQL in a temporary folder.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
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
  // The sockets live in a process of their own (bench-live-clients.ts): here, only the servers and the sender.
  const clients = fork(fileURLToPath(new URL('./bench-live-clients.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
  const from = (type: string) =>
    new Promise<Record<string, number>>((resolve, reject) => {
      const on = (m: Record<string, number> & { type: string; message?: string }) => {
        if (m.type === 'error') reject(new Error(String(m.message)));
        if (m.type !== type) return;
        clients.off('message', on);
        resolve(m);
      };
      clients.on('message', on);
      clients.once('exit', (code) => reject(new Error(`the clients' process ended (${code})`)));
    });
  const inserts: Promise<void>[] = [];
  const failed = new Set<number>();
  console.log(`Opening ${SOCKETS} sockets in a separate process...`);
  const ready = from('ready');
  clients.send({ type: 'start', urls: webs.map((w) => w.url), token, sockets: SOCKETS, total });
  await ready;
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
    // The event carries its send time on the wall clock both processes read.
    const sent = (performance.timeOrigin + performance.now()).toFixed(3);
    inserts.push(
      knex('live_events')
        .insert({ topic: 1, subject_id: project.id, kind: `bench.${seq}.${sent}` })
        .then(
          () => {},
          () => void failed.add(seq),
        ),
    );
  }
  await Promise.all(inserts);
  const result = from('result');
  clients.send({ type: 'finish', failed: [...failed] });
  const { samples, reconnects, lost, p50, p95, p99 } = await result;
  if (failed.size) console.log(`${failed.size} events could not be written (database overloaded): not counted`);
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log('');
  console.log(`sockets ${SOCKETS}, events ${total} (${RATE}/s for ${SECONDS} s), deliveries ${samples.toLocaleString('en')}, reconnects ${reconnects}`);
  console.log(`delivery ms  p50 ${p50.toFixed(1)}  p95 ${p95.toFixed(1)}  p99 ${p99.toFixed(1)}  (target p95 <= 200)`);
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
