/**
 * `npm run bench:cluster`: two web processes and one worker against one fresh embedded PostgreSQL,
 * a mixed load (searches, stage moves, notes, chat messages, credit-spending upgrades, sign-ins)
 * through a round-robin balancer, one web process killed (SIGKILL) half-way through the last
 * phase (scripts/benchCluster/run.ts). Prints the throughput of one process and of two, side by
 * side in the same run, and their ratio; exits 1 when a process answered 5xx, a write or a charge
 * was lost or doubled, a job did not run exactly once or a live socket missed an event.
 * SECONDS (per phase, default 30) and USERS (concurrent requests, default 16) change the load.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../backend/config';
import { openDatabase } from '../backend/db/database';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { removeDataFolder } from '../backend/db/reachability';
import { seed } from '../seeds';
import { runCluster } from './benchCluster/run';

const SECONDS = Number(process.env.SECONDS ?? 30);
const USERS = Number(process.env.USERS ?? 16);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentbase-bench-cluster-'));
const config = loadConfig({ worker: false, dataDir, embeddedPgPort: 20000 + Math.floor(Math.random() * 20000) });
const db = await openDatabase(config, console.log);
try {
  const knex = createKnex(db.connectionString);
  try {
    await migrate(knex, db.connectionString);
    await seed(knex, { log: () => {} });
  } finally {
    await knex.destroy();
  }
  console.log(`host: ${os.cpus().length} cores, load ${load()}; ${USERS} concurrent requests, ${SECONDS} s a phase`);
  const result = await runCluster({
    databaseUrl: db.connectionString,
    seconds: SECONDS,
    users: USERS,
    log: console.log,
  });
  console.log('');
  for (const p of result.phases)
    console.log(`${p.name.padEnd(28)} ${String(p.requests).padStart(7)} requests  ${p.rate.toFixed(1).padStart(7)}/s`);
  console.log(`two processes / one: ${result.ratio.toFixed(2)}x  (host load ${load()})`);
  console.log('');
  for (const [name, n] of Object.entries(result.counts).sort()) console.log(`  ${name.padEnd(32)} ${n}`);
  console.log('');
  if (result.problems.length) {
    console.log(`${result.problems.length} problems:`);
    for (const p of result.problems.slice(0, 30)) console.log(`  ${p}`);
    process.exitCode = 1;
  } else console.log('no 5xx, no write lost or doubled, every job ran once, every socket caught up');
} finally {
  await db.stop();
  await removeDataFolder(dataDir);
}
process.exit(process.exitCode ?? 0);
