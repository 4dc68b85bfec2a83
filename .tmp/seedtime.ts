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
try {
  await migrate(knex, url);
  for (const [name, fn] of Object.entries(SEED_SETS)) {
    const t0 = Date.now();
    const counts = await knex.transaction((trx) => fn(trx));
    console.log(name, Date.now() - t0, 'ms', counts);
  }
  console.log(await knex('candidates').where('email', 'candidate@example.com').first('first_name', 'skills', 'notice_period', 'preferred_location_ids'));
} finally {
  await knex.destroy();
  await server.stop();
}
