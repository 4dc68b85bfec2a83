import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase } from '../backend/db/database';
import { freePort, startEmbeddedPostgres } from '../backend/db/embedded';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { SEED_SETS } from '../seeds';
const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'tb-seed-')), 'pg');
const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
const url = await ensureDatabase(server.connectionString, 'x');
const knex = createKnex(url);
knex.on('query', (q) => { (q as any).__t = performance.now(); });
const slow: Record<string, number> = {};
const starts = new Map<string, number>();
knex.on('query', (q) => starts.set(q.__knexQueryUid, performance.now()));
knex.on('query-response', (_r, q) => { const k = q.sql.slice(0, 40); slow[k] = (slow[k] ?? 0) + performance.now() - (starts.get(q.__knexQueryUid) ?? 0); });
try {
  await migrate(knex, url);
  await SEED_SETS.lookups(knex); await SEED_SETS.demo(knex);
  for (const k of Object.keys(slow)) delete slow[k];
  const t0 = Date.now();
  await knex.transaction((trx) => SEED_SETS.candidates(trx));
  console.log('candidates', Date.now() - t0);
  console.log(Object.entries(slow).sort((a, b) => b[1] - a[1]).slice(0, 8));
} finally {
  await knex.destroy();
  await server.stop();
}
