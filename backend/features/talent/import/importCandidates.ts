/**
 * Bulk import of candidates from CSV or JSON Lines, keyed by email: new emails are created,
 * known ones updated. Every row is checked as the API checks it (prepare.ts → checkCandidate);
 * rejected rows go to a report with their row number and reasons. A file of more than
 * MAX_IMPORT_ROWS rows or MAX_IMPORT_COLUMNS columns (limits.ts) is refused whole before anything
 * is written: the console's upload answers 400 on `file`, and this function throws ImportRefused
 * (its message the catalogue's) as it starts, for a file that reaches it another way. A rejected
 * row's reasons and email are cut to a bounded length, so the report stays bounded too. The work
 * is spread out: this thread streams the file and cuts it into batches of raw records; checking
 * threads (one per core PostgreSQL leaves, threads.ts) read, check and encode them; this thread
 * then settles each batch in file order (an email's first row wins; admins', company users' and
 * community users' emails read at the start are taken) and hands them to the one candidate write
 * path (writeCandidates), each batch in one transaction that first leaves out the people erased by
 * then (erased.ts) and the emails another person holds by then, asked under the per-address locks
 * every account writer takes (otherPeople.ts), two batches at a time on two cores or more, with
 * the effects any API write has (the set-password email). If a batch fails in the database its
 * rows are retried one by one, so one bad row never takes others down and no candidate is ever
 * half written. Once a batch has committed, its candidates' likely twins, in the pool or on other
 * rows of the file, are found (twins.ts) outside any write transaction; the rows stay imported,
 * the pairs wait in the review queue, and the report tells each such row beside the rejected ones,
 * in file order.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import type { Knex } from 'knex';
import pg from 'pg';
import { EMAIL_PATTERN } from '../../../../schema';
import { csvLine } from '../../../../schema/lib/csv';
import { loadConfig, type Config } from '../../../config';
import { preloadIds } from '../../../crud/refs';
import { watchConnection } from '../../../db/knex';
import { fromDatabaseError } from '../../../errors';
import { todayOf } from '../../../../schema/rules/candidate';
import { CANDIDATE_REF_ENTITIES } from '../checkCandidate';
import { ChangedMeanwhile, maySkipTriggers, VanishedReference, writeCandidates } from '../writeCandidates';
import { loadImportMaps } from './columns';
import { prepareBatch, reasons, type BatchMessage, type PreparedBatch, type PreparedRow } from './prepare';
import { formatOf, recordBatches } from './records';
import { checkImportLimits } from './checkFile';
import { MAX_EMAIL_CHARS, MAX_REASON_CHARS } from './limits';
import { otherPeopleEmails, takenByOthers } from './otherPeople';
import { limiter, threadPool, type Prepare } from './threads';
import { duplicateText, fieldLabel, reasonText } from './reportText';
import { mergeIntoReport, twinCollector, type DuplicateNote } from './twins';
import { t } from '../../../../i18n';
import { erasedRows } from './erased';
import { ERASED_EMAIL } from '../../../services/erasedEmails';
import { forImportReport } from '../../../services/candidateGate';
import { fitTo } from '../../../../schema/lib/fit';

/**
 * Where an import stands: bytes read and rows checked so far, with their outcome. A batch's rows
 * and its outcome are counted together once it is through (settled, written, its twins looked
 * for), so every report has created + updated + rejected = rows.
 */
export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  /** Rows of the batches that are through (each row written or rejected). */
  rows: number;
  created: number;
  updated: number;
  rejected: number;
}

export interface ImportOptions {
  file: string;
  knex: Knex;
  connectionString: string;
  /** Where rejected rows are written; defaults to '<file>.rejected.csv'. */
  reportPath?: string;
  batchSize?: number;
  /** Checking threads; 0 checks in this thread. Defaults to one less than the cores, at most 4 (none for a small file). */
  threads?: number;
  onProgress?: (p: ImportProgress) => void;
  /** The product's name and address in the emails writes send; by default read from the environment. */
  config?: Config;
  /**
   * Find each written row's likely twins once its batch has committed and report them (default).
   * false leaves them to the find_twins job each write then queues, as any other write does.
   */
  detectTwins?: boolean;
}

/** How many rows with likely twins an import's result keeps for the console (the report has them all). */
export const DUPLICATES_KEPT = 100;

export interface ImportResult {
  rows: number;
  created: number;
  updated: number;
  rejected: number;
  /** Rows imported that look like a profile already held or an earlier row. */
  likelyDuplicates: number;
  /** The first DUPLICATES_KEPT of them, in file order. */
  duplicates: DuplicateNote[];
  reportPath: string;
  seconds: number;
  /** Time spent finding twins after the batches committed, and the batches' writes (each summed over batches). */
  timing: { twinSeconds: number; writeSeconds: number; twinRows: number };
}

/** Below this size a file is checked without threads (a batch of 2,000 typical rows is about 1 MB). */
const SMALL_FILE_BYTES = 256 * 1024;

/** The names of the likely twins the report tells of (read by admins, who see every name, through the gate), by id. */
async function twinNames(knex: Knex, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 10_000)
    for (const [id, { name }] of await forImportReport(knex, unique.slice(i, i + 10_000)))
      if (name) names.set(id, name);
  return names;
}

export async function importCandidates(options: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const { knex } = options;
  const batchSize = options.batchSize ?? 2000;
  // This thread only cuts the file, settles and writes; checking threads take the cores PostgreSQL
  // leaves. On two cores one checking thread imports as fast as two (100,000 rows, alternated runs:
  // 5,171 and 5,373/s against 5,684 and 5,060/s) with less CPU (0.33 against 0.33 to 0.36 ms a row).
  // A file smaller than a batch or so is checked in this thread: starting a thread (loading the
  // checking code into it) takes longer than checking a few hundred rows.
  const totalBytes = (await stat(options.file)).size;
  const cores = os.availableParallelism();
  const threads = Math.max(
    0,
    options.threads ?? (cores >= 2 && totalBytes >= SMALL_FILE_BYTES ? Math.min(4, cores - 1) : 0),
  );
  // A file over the limits is refused whole, before anything is written (limits.ts).
  await checkImportLimits(options.file, formatOf(options.file));
  const reportPath = options.reportPath ?? `${options.file}.rejected.csv`;
  const report = createWriteStream(reportPath);
  report.write('row,email,reasons\n');
  // Admins', company users' and community users' emails, as the import starts; each batch asks again (otherPeople.ts).
  const otherPeople = await otherPeopleEmails(knex);
  const today = todayOf();

  // The mail settings, and the secret keying erased people's email hashes (erased.ts): callers pass
  // the server's config (without it no hash matches; the emails a write queues need no secret).
  const config = options.config ?? loadConfig({ secret: '' });

  let prepare: Prepare;
  let closePool: () => Promise<void>;
  if (threads > 0) {
    const pool = threadPool(threads, options.connectionString, today);
    prepare = pool.prepare;
    closePool = pool.close;
  } else {
    const ctx = { maps: await loadImportMaps(knex), refs: await preloadIds(knex, CANDIDATE_REF_ENTITIES), today };
    const db = new pg.Client({ connectionString: options.connectionString });
    watchConnection(db, 'import');
    await db.connect();
    // One connection answers one query at a time: batches are checked one after another, each waiting for the last.
    let checked: Promise<unknown> = Promise.resolve();
    prepare = (message) => {
      const next = checked.then(() => prepareBatch(db, message, ctx));
      checked = next.catch(() => undefined);
      return next;
    };
    closePool = () => db.end();
  }
  // Two batches written at once where there are two cores: keeping the search documents true made
  // PostgreSQL's side the longer one (its one connection busy while the checking thread waited a
  // third of the time), so a second connection lets it use the other core too (100,000 rows,
  // alternated runs: 3,544 and 3,666 candidates/s against 3,122 and 3,210 with one). The two
  // transactions never touch the same candidate (an email belongs to one batch), lock the lookup
  // rows in a mode that does not conflict (FOR KEY SHARE), and move the tags' counts in tag order.
  const writers = Math.max(1, Math.min(2, cores));
  const writing = limiter(writers);
  // Every reference was checked against the lookups: where nothing else would be skipped, the
  // writes skip the per-row foreign-key triggers (a third of the database's work) and lock the
  // references per batch instead.
  const skipTriggers = await maySkipTriggers(knex);

  const result = { rows: 0, created: 0, updated: 0, rejected: 0 };
  // Progress counts the batches that are through, each with its outcome at once (batches settle
  // while earlier ones still write, and end out of order), so the counts always add up to the rows;
  // rejections show batch by batch, not only at the end.
  const done = { rows: 0, bytesRead: 0 };
  let lastProgress = 0;
  const progress = (force = false) => {
    if (!options.onProgress || (!force && Date.now() - lastProgress < 200)) return;
    lastProgress = Date.now();
    options.onProgress({
      bytesRead: done.bytesRead,
      totalBytes,
      rows: done.rows,
      created: result.created,
      updated: result.updated,
      rejected: result.rejected,
    });
  };
  // One physical line per row, so the twins' lines can be merged in by row at the end.
  const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
  /** One batch's outcome, added to the result and the progress with its rows once the batch is through. */
  type Tally = { created: number; updated: number; rejected: number };
  // Each row's line is bounded (limits.ts): a cell of a million unknown names makes one reason, not megabytes.
  const reject = (tally: Tally, row: number, email: string, text: string) => {
    tally.rejected += 1;
    report.write(`${csvLine([row, oneLine(fitTo(MAX_EMAIL_CHARS, email)), oneLine(fitTo(MAX_REASON_CHARS, text))])}\n`);
  };
  const twins = options.detectTwins === false ? undefined : twinCollector(knex);
  let writeSeconds = 0;

  /**
   * Writes rows in one transaction, but those of people erased (asked in it: erased.ts) and those
   * whose email another person now has (asked in it, under the addresses' locks: otherPeople.ts);
   * when the database refuses, each row alone, and reports the one refused. Returns the rows written.
   */
  async function write(
    tally: Tally,
    rows: PreparedRow[],
    lineOf: (r: PreparedRow) => [number, string],
  ): Promise<PreparedRow[]> {
    try {
      const started = performance.now();
      const emailOf = (r: PreparedRow) => lineOf(r)[1];
      const [erased, taken] = await knex.transaction(async (trx) => {
        const gone = await erasedRows(trx, config, rows, emailOf);
        const others = await takenByOthers(trx, gone.size ? rows.filter((r) => !gone.has(r)) : rows, emailOf);
        const opts = { config, skipTriggers, refreshDirectly: true, twinsFoundByCaller: !!twins };
        const left = gone.size || others.size ? rows.filter((r) => !gone.has(r) && !others.has(r)) : rows;
        await writeCandidates(trx, left, opts);
        return [gone, others];
      });
      writeSeconds += (performance.now() - started) / 1000;
      for (const r of erased) reject(tally, ...lineOf(r), reasons({ email: ERASED_EMAIL }));
      for (const r of taken) reject(tally, ...lineOf(r), reasons({ email: 'email.errors.exists' }));
      const written = erased.size || taken.size ? rows.filter((r) => !erased.has(r) && !taken.has(r)) : rows;
      for (const r of written) tally[r.insert !== undefined ? 'created' : 'updated'] += 1;
      return written;
    } catch (err) {
      if (rows.length > 1) {
        // Find the row the database refused; the others still go in.
        const written: PreparedRow[] = [];
        for (const row of rows) written.push(...(await write(tally, [row], lineOf)));
        return written;
      }
      const [row, email] = lineOf(rows[0]);
      const known = fromDatabaseError(err);
      // A refusal that names no field (invalid text, 22021) is the row's, never a blank reasons cell.
      const fields = known?.fields && Object.keys(known.fields).length ? known.fields : { row: known?.code ?? '' };
      if (err instanceof VanishedReference || err instanceof ChangedMeanwhile)
        reject(tally, row, email, `${fieldLabel('row')}: ${err.message}`);
      else reject(tally, row, email, known ? reasons(fields) : `${fieldLabel('database')}: ${(err as Error).message}`);
      return [];
    }
  }

  /**
   * A prepared batch, in file order: an email's first row claims it (later rows are duplicates,
   * even when the first was refused), emails of admins and company users are refused, and each
   * refused row is reported. Returns the rows to write (those of erased people are left out as
   * they are written, against the hashes then committed).
   */
  const seen = new Map<string, number>();
  function settle(tally: Tally, rowNumbers: number[], prepared: PreparedBatch): PreparedRow[] {
    const accepted = new Array<boolean>(rowNumbers.length).fill(false);
    for (let i = 0; i < rowNumbers.length; i += 1) {
      const row = rowNumbers[i];
      const email = prepared.emails[i];
      const reason = prepared.reasons[i];
      const first = seen.get(email);
      if (prepared.unreadable[i]) reject(tally, row, email, reason as string);
      else if (first !== undefined)
        reject(
          tally,
          row,
          email,
          reasonText('email', 'email.errors.duplicateInFile', t('imports.report.sameEmail', { row: first })),
        );
      else if (otherPeople.has(email)) reject(tally, row, email, reasons({ email: 'email.errors.exists' }));
      else {
        // Only well-formed emails identify a candidate; a malformed one is reported by the checks.
        if (EMAIL_PATTERN.test(email)) seen.set(email, row);
        if (reason !== null) reject(tally, row, email, reason);
        else accepted[i] = true;
      }
    }
    return prepared.rows.filter((r) => accepted[r.index]);
  }

  // Bounds the batches in memory: one per checking thread, those being written, one waiting for a
  // writer and the one being read.
  const inFlight = limiter(Math.max(1, threads) + writers + 2);
  const jobs = new Set<Promise<void>>();
  let failure: unknown;
  let settled: Promise<unknown> = Promise.resolve();
  async function flush(message: BatchMessage, rowNumbers: number[], bytesRead: number): Promise<void> {
    await inFlight.take();
    const preparing = prepare(message);
    const tally: Tally = { created: 0, updated: 0, rejected: 0 };
    // Batches are settled one after another, in file order, while later ones are still checked.
    const turn = settled.then(async () => settle(tally, rowNumbers, await preparing));
    settled = turn.catch(() => undefined);
    const job = (async () => {
      const rows = await turn;
      if (rows.length) {
        const prepared = await preparing;
        await writing.take();
        let written: PreparedRow[];
        try {
          written = await write(tally, rows, (r) => [rowNumbers[r.index], prepared.emails[r.index]]);
        } finally {
          writing.give();
        }
        // Committed: its twins are looked for outside the writers' turn, so the next batch writes meanwhile.
        await twins?.afterCommit(written.map((r) => [r.id, rowNumbers[r.index]]));
      }
      // The batch is through: its rows and their outcome are counted in one step.
      for (const key of ['created', 'updated', 'rejected'] as const) result[key] += tally[key];
      done.rows += rowNumbers.length;
      done.bytesRead = Math.max(done.bytesRead, bytesRead);
      progress();
    })()
      .catch((err) => {
        failure ??= err;
      })
      .finally(() => {
        inFlight.give();
        jobs.delete(job);
      });
    jobs.add(job);
  }

  let header: string[] | undefined;
  try {
    for await (const batch of recordBatches(options.file, batchSize, (h) => (header = h))) {
      if (failure) break;
      result.rows += batch.texts.length;
      await flush({ header, texts: batch.texts }, batch.rows, batch.bytesRead);
    }
    while (jobs.size) await Promise.all([...jobs]);
    if (failure) throw failure;
  } finally {
    while (jobs.size) await Promise.all([...jobs]);
    await closePool();
    await new Promise((resolve) => report.end(resolve));
  }
  const notes = (await twins?.notes()) ?? [];
  const names = await twinNames(
    knex,
    notes.flatMap((n) => n.twins.map((tw) => tw.otherId)),
  );
  await mergeIntoReport(
    reportPath,
    notes.map((n) => ({
      row: n.row,
      text: `${csvLine([n.row, oneLine(n.email), duplicateText(n.twins, config.publicUrl, names)])}\n`,
    })),
  );
  done.bytesRead = totalBytes;
  progress(true);
  return {
    ...result,
    likelyDuplicates: notes.length,
    duplicates: notes.slice(0, DUPLICATES_KEPT),
    reportPath,
    seconds: (Date.now() - started) / 1000,
    timing: { twinSeconds: twins?.spent.seconds ?? 0, writeSeconds, twinRows: twins?.spent.rows ?? 0 },
  };
}
