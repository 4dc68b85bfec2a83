/**
 * `npm run import -- candidates <file.csv|file.jsonl> [--report <path>]`: creates or updates
 * candidates keyed by email in the database `npm start` uses (DATABASE_URL or the embedded one).
 * Rejected rows and their reasons go to the report file, whose path is printed, with the rows
 * imported that look like a profile already held (each pair also waits in the console's duplicate
 * queue); when no row was rejected or noted there is no report (none is left beside the source).
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { loadConfig } from '../backend/config';
import { joinOrOpenDatabase } from '../backend/db/database';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { importCandidates } from '../backend/features/talent';
import { progressBar } from './progress';

const [kind, file, ...rest] = process.argv.slice(2);
const reportFlag = rest.indexOf('--report');
if (kind !== 'candidates' || !file) {
  console.error('Usage: npm run import -- candidates <file.csv|file.jsonl> [--report <rejected.csv>]');
  process.exit(1);
}
if (!existsSync(file) || !/\.(csv|jsonl|ndjson)$/i.test(file)) {
  console.error(`${file}: not found, or not a .csv / .jsonl file`);
  process.exit(1);
}

const config = loadConfig();
const db = await joinOrOpenDatabase(config, (line) => console.error(line));
const knex = createKnex(db.connectionString);
try {
  await migrate(knex, db.connectionString);
  const bar = progressBar('Importing');
  const result = await importCandidates({
    file,
    knex,
    connectionString: db.connectionString,
    // The server's secret keys the erased people's email hashes the import keeps out.
    config,
    reportPath: reportFlag >= 0 ? rest[reportFlag + 1] : undefined,
    onProgress: (p) =>
      bar.update(
        p.bytesRead,
        p.totalBytes,
        `${p.rows.toLocaleString('en')} rows, ${p.rejected.toLocaleString('en')} rejected`,
      ),
  });
  bar.done();
  const rate = Math.round((result.created + result.updated) / Math.max(result.seconds, 0.001));
  console.log(
    `${result.rows.toLocaleString('en')} rows in ${result.seconds.toFixed(1)}s: ${result.created.toLocaleString('en')} created, ${result.updated.toLocaleString('en')} updated, ${result.rejected.toLocaleString('en')} rejected (${rate.toLocaleString('en')} candidates/s).`,
  );
  if (result.rejected > 0) console.log(`Rejected rows and their reasons: ${result.reportPath}`);
  if (result.likelyDuplicates > 0)
    console.log(
      `${result.likelyDuplicates.toLocaleString('en')} imported rows look like a profile already held or an earlier row: listed in ${result.reportPath}, each pair waiting in the console's duplicate queue.`,
    );
  if (!result.rejected && !result.likelyDuplicates) {
    await rm(result.reportPath, { force: true });
    console.log('No rows were rejected.');
  }
} finally {
  await knex.destroy();
  await db.stop();
}
