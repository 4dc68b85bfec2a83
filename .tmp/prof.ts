import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase } from '../backend/db/database';
import { freePort, startEmbeddedPostgres } from '../backend/db/embedded';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { SEED_SETS } from '../seeds';
import { loadPools } from '../seeds/synthetic/pools';
import { makeCandidate, rngFrom } from '../seeds/synthetic/candidateFactory';
import { preloadIds } from '../backend/crud/refs';
import { CANDIDATE_REF_ENTITIES, checkCandidate } from '../backend/features/talent/import/checkCandidate';
const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'tb-seed-')), 'pg');
const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
const url = await ensureDatabase(server.connectionString, 'x');
const knex = createKnex(url);
try {
  await migrate(knex, url);
  await SEED_SETS.lookups(knex); await SEED_SETS.demo(knex);
  const pools = await loadPools(knex);
  const refs = await preloadIds(knex, CANDIDATE_REF_ENTITIES);
  const rng = rngFrom(1);
  let t0 = performance.now();
  const made = [];
  for (let i = 0; i < 20000; i++) made.push(makeCandidate(rng, pools, i));
  console.log('make', (performance.now() - t0) / 20000 * 1000, 'us/each');
  t0 = performance.now();
  let bad = 0;
  for (const m of made) { const r = await checkCandidate(m, { refs }); if ('errors' in r) { bad++; if (bad < 3) console.log(r.errors); } }
  console.log('check', (performance.now() - t0) / 20000 * 1000, 'us/each', 'bad', bad);
} finally {
  await knex.destroy();
  await server.stop();
}
