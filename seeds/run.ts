/** `npm run db:seed [-- --only lookups,demo] [--force]`: loads seed sets into the database `npm start` uses. */
import { loadConfig } from '../backend/config';
import { openDatabase } from '../backend/db/database';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { seed, SEED_SETS, type SeedSet } from './index';

const args = process.argv.slice(2);
const value = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = value('--only')?.split(',') as SeedSet[] | undefined;
for (const name of only ?? []) {
  if (!(name in SEED_SETS)) {
    console.error(`Unknown seed set '${name}'. Known: ${Object.keys(SEED_SETS).join(', ')}`);
    process.exit(1);
  }
}
const config = loadConfig();
const db = await openDatabase(config, console.log);
const knex = createKnex(db.connectionString);
try {
  await migrate(knex, db.connectionString);
  const ran = await seed(knex, { only, force: args.includes('--force'), log: console.log });
  console.log(ran.length ? `Done: ${ran.join(', ')}.` : 'Nothing to do: every seed set is already loaded (use --force to load again).');
} finally {
  await knex.destroy();
  await db.stop();
}
