/**
 * `npm run db:seed [-- --only lookups,demo] [--force] [--candidates <n>]`: loads seed sets into the database `npm start` uses
 * (joining a running `npm start`'s embedded database); without --only, the sets a start loads (no demo in production unless
 * SEED_DEMO=true); where SEED_DEMO is off, naming a demo set in --only or asking for --candidates stops before the database opens. `--candidates <n>` then adds n synthetic candidates (seeds/synthetic/generate.ts).
 */
import { loadConfig } from '../backend/config';
import { joinOrOpenDatabase } from '../backend/db/database';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { progressBar } from '../scripts/progress';
import { defaultSets, seed, SEED_SETS, type SeedSet } from './index';
import { generateCandidates } from './synthetic/generate';

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
const synthetic = value('--candidates');
if (synthetic !== undefined && !/^[1-9]\d{0,8}$/.test(synthetic)) {
  console.error('--candidates takes a whole number from 1 to 999999999');
  process.exit(1);
}
const config = loadConfig();
// Where SEED_DEMO is off (production by default), --only and --candidates do not add demo people either.
const allowed = new Set(defaultSets(config.seedDemo));
const refused = [
  ...(only ?? []).filter((name) => !allowed.has(name)),
  ...(synthetic && !config.seedDemo ? ['--candidates'] : []),
];
if (refused.length) {
  console.error(
    `SEED_DEMO is off for this database, so ${refused.join(', ')} would not load: they add demo people, companies or candidates. Set SEED_DEMO=true to load them.`,
  );
  process.exit(1);
}
const db = await joinOrOpenDatabase(config, console.log);
const knex = createKnex(db.connectionString);
try {
  await migrate(knex, db.connectionString);
  const ran = await seed(knex, {
    only: only ?? defaultSets(config.seedDemo),
    force: args.includes('--force'),
    log: console.log,
  });
  console.log(
    ran.length
      ? `Done: ${ran.join(', ')}.`
      : 'Nothing to do: every seed set is already loaded (use --force to load again).',
  );
  if (synthetic) {
    const bar = progressBar('Generating candidates');
    const made = await generateCandidates({
      knex,
      connectionString: db.connectionString,
      count: Number(synthetic),
      onProgress: (done, total) => bar.update(done, total, `${done.toLocaleString('en')} candidates`),
      onPhase: (text) => {
        bar.done();
        console.log(`${text}...`);
      },
    });
    bar.done();
    console.log(
      `Generated ${made.candidates.toLocaleString('en')} candidates, ${made.experiences.toLocaleString('en')} experience and ${made.educations.toLocaleString('en')} education rows in ${made.seconds.toFixed(1)}s (${Math.round(made.candidates / made.seconds).toLocaleString('en')} candidates/s).`,
    );
  }
} finally {
  await knex.destroy();
  await db.stop();
}
