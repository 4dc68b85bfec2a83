/**
 * `npm run bench:import [-- --rows 100000] [--threads n] [--keep] [--profile] [--no-twins]`: writes a CSV of realistic
 * candidates with some invalid rows and some twins (a row in a hundred with an earlier row's phone) mixed in, imports it into a fresh embedded PostgreSQL (a real on-disk cluster in
 * a temporary folder, fsync on), and prints candidates per second and the rejections. Beside it,
 * the machine's floor measured in the same run: PostgreSQL's own COPY of the same file into a
 * plain scratch table (copyFloor.ts), and the ratio of the two, which is what carries from one
 * host to another. Targets: at least 0.05 of the floor, and 5,000 candidates per second.
 * Beside them, the likely duplicates' share: the time the import spent finding each batch's twins
 * after it committed, per row and over the import's time (`--no-twins` imports without it, to compare).
 * `--profile` loads pg_stat_statements and prints the import's statements by the time PostgreSQL
 * spent in them (nested ones, such as the search refresh's, included).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase } from '../backend/db/database';
import { freePort, startEmbeddedPostgres } from '../backend/db/embedded';
import { createKnex } from '../backend/db/knex';
import { migrate } from '../backend/db/migrate';
import { removeDataFolder } from '../backend/db/reachability';
import { importCandidates } from '../backend/features/talent';
import { seed } from '../seeds';
import { makeCandidate, rngFrom } from '../seeds/synthetic/candidateFactory';
import { csvLine, IMPORT_HEADER, nameMaps, toImportRow } from '../seeds/synthetic/importRow';
import { loadPools } from '../seeds/synthetic/pools';
import { copyFloor } from './copyFloor';
import { postgresCpuSeconds, processCpuSeconds } from './cpuTime';
import { progressBar } from './progress';

const TARGET = 5000;
/** Our candidates/s over raw COPY's rows/s of the same file, measured in the same run. */
const RATIO_TARGET = 0.05;
const args = process.argv.slice(2);
const rowsFlag = args.indexOf('--rows');
const rows = rowsFlag >= 0 ? Number(args[rowsFlag + 1]) : 100_000;
const threadsFlag = args.indexOf('--threads');
const threads = threadsFlag >= 0 ? Number(args[threadsFlag + 1]) : undefined;
const detectTwins = !args.includes('--no-twins');
if (!Number.isInteger(rows) || rows < 100) {
  console.error('--rows takes a whole number of at least 100');
  process.exit(1);
}

/** One row in fifty is broken, in one of these ways; each must be rejected with its reason. */
const DEFECTS: ((row: Record<string, string>, i: number) => void)[] = [
  (r) => (r.email = 'not-an-email'),
  (r) => (r.expectedSalary = ''),
  (r) => (r.skills = `${r.skills}; Underwater Basket Weaving`),
  (r) => (r.experiences = JSON.stringify([{ title: 'Engineer', company: 'Acme', startDate: '2999-01-01' }])),
  (r) => (r.noticePeriod = '1:40'),
  (r) => (r.jobTitles = ''),
  (r) => (r.typeOfEmployment = '9'),
];

const work = await mkdtemp(path.join(os.tmpdir(), 'talentbase-bench-'));
const file = path.join(work, 'candidates.csv');
const dataDir = path.join(work, 'pg');
const profile = args.includes('--profile');
const server = await startEmbeddedPostgres({
  dataDir,
  port: await freePort(),
  settings: profile ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {},
});
const url = await ensureDatabase(server.connectionString, 'bench');
const knex = createKnex(url);
try {
  console.log(`Fresh database in ${work}; loading lookups and demo data...`);
  await migrate(knex, url);
  await seed(knex, { only: ['lookups', 'demo'] });

  const pools = await loadPools(knex);
  const tags = new Map(
    ((await knex('tags').select('id', 'identifier')) as { id: number; identifier: string }[]).map((t) => [
      t.id,
      t.identifier,
    ]),
  );
  const names = nameMaps(pools, tags);
  const rng = rngFrom(4242);
  const out = createWriteStream(file);
  out.write(csvLine(IMPORT_HEADER));
  let broken = 0;
  // Rows (file row numbers) given the phone of the row 40 before: each must be reported as its twin.
  const twinRows = new Set<number>();
  const phones: string[] = [];
  const generating = Date.now();
  for (let i = 1; i <= rows; i += 1) {
    const row = toImportRow(makeCandidate(rng, pools, i, { emailDomain: 'bench.example.com' }), names);
    if (i % 50 === 7) {
      DEFECTS[Math.floor(i / 50) % DEFECTS.length](row, i);
      broken += 1;
    } else if (i % 100 === 53 && phones[i - 40]) {
      row.phone = phones[i - 40];
      twinRows.add(i + 1);
    }
    if ((i + 40) % 100 === 53) phones[i] = row.phone;
    if (!out.write(csvLine(IMPORT_HEADER.map((h) => row[h] ?? ''))))
      await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
  console.log(
    `Wrote ${rows.toLocaleString('en')} rows (${broken.toLocaleString('en')} broken on purpose) to ${file} in ${((Date.now() - generating) / 1000).toFixed(1)}s.`,
  );

  // The floor first; copyFloor drops its table and checkpoints, so the import starts as it would have.
  const floor = await copyFloor(url, file, IMPORT_HEADER);
  console.log(
    `Floor: PostgreSQL's own COPY of the same ${floor.rows.toLocaleString('en')} rows into an unindexed table took ${floor.seconds.toFixed(2)}s: ${Math.round(floor.perSecond).toLocaleString('en')} rows/s.`,
  );

  if (profile) {
    await knex.raw('create extension if not exists pg_stat_statements');
    await knex.raw('select pg_stat_statements_reset()');
  }
  const cpuBefore = { node: processCpuSeconds(), pg: postgresCpuSeconds(dataDir) };
  const bar = progressBar('Importing');
  const result = await importCandidates({
    file,
    knex,
    connectionString: url,
    threads,
    detectTwins,
    onProgress: (p) => bar.update(p.bytesRead, p.totalBytes, `${p.rows.toLocaleString('en')} rows`),
  });
  bar.done();
  const cpu = { node: processCpuSeconds() - cpuBefore.node, pg: postgresCpuSeconds(dataDir) - cpuBefore.pg };
  const imported = result.created + result.updated;
  const rate = Math.round(imported / result.seconds);
  const cores = Math.max(1, os.availableParallelism());
  // What the same work takes on idle cores: all the CPU used, spread over the cores (the best case).
  const idleSeconds = (cpu.node + cpu.pg) / cores;
  console.log(
    `Imported ${imported.toLocaleString('en')} candidates in ${result.seconds.toFixed(2)}s: ${rate.toLocaleString('en')} candidates/s (target ${TARGET.toLocaleString('en')}/s).`,
  );
  if (profile) await printStatements();
  const { twinSeconds, writeSeconds, twinRows: checked } = result.timing;
  const report = await readFile(result.reportPath, 'utf8');
  const noted = new Set(
    report
      .split('\n')
      .filter((l) => l.includes('likely duplicate of'))
      .map((l) => Number(l.split(',')[0])),
  );
  const missed = [...twinRows].filter((r) => !noted.has(r));
  if (detectTwins) {
    console.log(
      `Likely duplicates: found for ${checked.toLocaleString('en')} written rows in ${twinSeconds.toFixed(2)}s (summed over batches, after each committed): ${((1e6 * twinSeconds) / Math.max(1, checked)).toFixed(0)} µs a row, ${((100 * twinSeconds) / result.seconds).toFixed(1)}% of the import's ${result.seconds.toFixed(2)}s (the batches' writes took ${writeSeconds.toFixed(2)}s summed, ${((1e6 * writeSeconds) / Math.max(1, checked)).toFixed(0)} µs a row).`,
    );
    console.log(
      `Rows told as likely duplicates: ${result.likelyDuplicates.toLocaleString('en')}; of the ${twinRows.size.toLocaleString('en')} constructed twins, ${missed.length} missed.`,
    );
    if (missed.length) process.exitCode = 1;
  } else
    console.log(
      `Likely duplicates not looked for (--no-twins); the batches' writes took ${writeSeconds.toFixed(2)}s summed.`,
    );
  const ratio = rate / floor.perSecond;
  console.log(
    `Ratio to the floor: ${ratio.toFixed(2)} (${rate.toLocaleString('en')} candidates/s over ${Math.round(floor.perSecond).toLocaleString('en')} rows/s of raw COPY; target >= ${RATIO_TARGET}).`,
  );
  console.log(
    `CPU used: ${cpu.node.toFixed(1)}s here, ${cpu.pg.toFixed(1)}s in PostgreSQL (${((1000 * (cpu.node + cpu.pg)) / imported).toFixed(2)} ms per candidate); machine load ${os.loadavg()[0].toFixed(1)} on ${cores} cores. On idle cores that is at best about ${Math.round(imported / idleSeconds).toLocaleString('en')} candidates/s.`,
  );
  console.log(
    `Rejected ${result.rejected.toLocaleString('en')} rows (expected ${broken.toLocaleString('en')}); reasons in ${result.reportPath}${args.includes('--keep') ? '' : ' (removed at the end; run with --keep to keep it)'}.`,
  );
  const stored = Number(
    (await knex('candidates').where('email', 'like', '%@bench.example.com').count({ n: '*' }))[0].n,
  );
  console.log(
    `In the database: ${stored.toLocaleString('en')} imported candidates, ${Number((await knex('candidate_experiences').count({ n: '*' }))[0].n).toLocaleString('en')} experience rows.`,
  );
  // Search kept true in the same transactions: every candidate has its document, none waits in the queue.
  const [{ documents, stale, queued }] = (
    await knex.raw(`select
      (select count(*) from candidate_search_documents)::int as documents,
      (select count(*) from candidates c left join candidate_search_documents d on d.id = c.id
        where d.id is null or d.updated_at is distinct from c.updated_at or d.skill_ids is distinct from c.skill_ids)::int as stale,
      (select count(*) from candidate_search_pending)::int as queued`)
  ).rows as { documents: number; stale: number; queued: number }[];
  console.log(
    `Search documents: ${documents.toLocaleString('en')}; ${stale} missing or out of date, ${queued} still queued.`,
  );
  if (result.rejected !== broken || stored !== rows - broken || stale > 0 || queued > 0) process.exitCode = 1;
  if (rate < TARGET || ratio < RATIO_TARGET) {
    console.log(ratio < RATIO_TARGET ? 'Below target (ratio to the floor).' : 'Below target.');
    process.exitCode = 1;
  }
} finally {
  await knex.destroy();
  await server.stop();
  if (!args.includes('--keep')) await removeDataFolder(work);
}

/** The import's statements by PostgreSQL's time in them (execution and planning), the top 25. */
async function printStatements(): Promise<void> {
  const { rows: top } = await knex.raw(
    `select calls, rows, round((total_exec_time + total_plan_time)::numeric / 1000, 2)::float as seconds,
            regexp_replace(left(query, 160), '\\s+', ' ', 'g') as query
       from pg_stat_statements where query not ilike '%pg_stat_statements%'
      order by total_exec_time + total_plan_time desc limit 25`,
  );
  console.log('PostgreSQL time by statement (seconds, calls, rows; nested statements counted in their callers too):');
  for (const r of top as { calls: number; rows: number; seconds: number; query: string }[])
    console.log(
      `${r.seconds.toFixed(2).padStart(8)} ${String(r.calls).padStart(7)} ${String(r.rows).padStart(8)}  ${r.query}`,
    );
}
