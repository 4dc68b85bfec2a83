/**
 * Bulk import of candidates from CSV or JSON Lines, keyed by email: new emails are created,
 * known ones updated. Every row is checked as the API checks it (checkCandidate); rejected rows
 * go to a report with their row number and reasons. Rows are written in batches, each one
 * transaction; if a batch fails in the database its rows are retried one by one, so one bad row
 * never takes others down and no candidate is ever half written.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Knex } from 'knex';
import pg from 'pg';
import { t } from '../../../../portal/i18n';
import { EMAIL_PATTERN } from '../../../../schema';
import { PEOPLE_TABLES } from '../../../crud/hooks';
import { preloadIds } from '../../../crud/refs';
import { fromDatabaseError, type FieldErrors } from '../../../errors';
import { todayOf } from '../candidateRules';
import { VanishedReference, writeCandidates, type NewCandidate, type UpdatedCandidate } from './bulkWrite';
import { CANDIDATE_REF_ENTITIES, checkCandidate } from './checkCandidate';
import { loadImportMaps, mapRow } from './columns';
import { readRecords } from './records';

export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  rows: number;
  rejected: number;
}

export interface ImportOptions {
  file: string;
  knex: Knex;
  connectionString: string;
  /** Where rejected rows are written; defaults to '<file>.rejected.csv'. */
  reportPath?: string;
  batchSize?: number;
  onProgress?: (p: ImportProgress) => void;
}

export interface ImportResult {
  rows: number;
  created: number;
  updated: number;
  rejected: number;
  reportPath: string;
  seconds: number;
}

interface Pending {
  row: number;
  email: string;
  input: Record<string, unknown>;
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const csvCell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

function reasons(errors: FieldErrors, details: Record<string, string> = {}): string {
  return Object.entries(errors)
    .map(([field, key]) => `${field}: ${key} (${t(key)}${details[field] ? `: ${details[field]}` : ''})`)
    .join('; ');
}

export async function importCandidates(options: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const { knex } = options;
  const batchSize = options.batchSize ?? 2000;
  const reportPath = options.reportPath ?? `${options.file}.rejected.csv`;
  const report = createWriteStream(reportPath);
  report.write('row,email,reasons\n');
  const totalBytes = (await stat(options.file)).size;
  const [maps, refs] = await Promise.all([loadImportMaps(knex), preloadIds(knex, CANDIDATE_REF_ENTITIES)]);
  // Admins and company users own their emails: a candidate may not take one.
  const otherPeople = new Set<string>();
  for (const table of PEOPLE_TABLES.filter((p) => p !== 'candidates'))
    for (const email of (await knex(table).pluck('email')) as string[]) otherPeople.add(email);
  const today = todayOf();
  const seen = new Map<string, number>();
  // Two writers: PostgreSQL works on one batch on each core while this process checks the next.
  const clients = [new pg.Client({ connectionString: options.connectionString }), new pg.Client({ connectionString: options.connectionString })];
  await Promise.all(clients.map((c) => c.connect()));
  // Every reference was checked against the lookups; a superuser session then skips the per-row
  // foreign-key triggers (a third of the database's work) and locks the references per batch instead.
  const bulkReferences = (await clients[0].query("select current_setting('is_superuser') = 'on' as su")).rows[0].su === true;
  if (bulkReferences) await Promise.all(clients.map((c) => c.query("set session_replication_role = 'replica'")));

  const result = { rows: 0, created: 0, updated: 0, rejected: 0 };
  const reject = (row: number, email: string, text: string) => {
    result.rejected += 1;
    report.write(`${row},${csvCell(email)},${csvCell(text)}\n`);
  };

  async function write(client: pg.Client, fresh: (NewCandidate & Pending)[], updates: (UpdatedCandidate & Pending)[]) {
    try {
      await writeCandidates(client, fresh, updates, { bulkReferences });
      result.created += fresh.length;
      result.updated += updates.length;
    } catch (err) {
      if (fresh.length + updates.length === 1) {
        const one = fresh[0] ?? updates[0];
        const known = fromDatabaseError(err);
        if (err instanceof VanishedReference) reject(one.row, one.email, `row: ${err.message}`);
        else reject(one.row, one.email, known ? reasons(known.fields ?? { row: known.code }) : `database: ${(err as Error).message}`);
        return;
      }
      // Find the row the database refused; the others still go in.
      for (const c of fresh) await write(client, [c], []);
      for (const u of updates) await write(client, [], [u]);
    }
  }

  async function check(batch: Pending[]): Promise<[(NewCandidate & Pending)[], (UpdatedCandidate & Pending)[]]> {
    const stored = await knex('candidates').whereIn(
      'email',
      batch.map((b) => b.email),
    );
    const byEmail = new Map(
      stored.map((r: Record<string, unknown>) => [r.email as string, Object.fromEntries(Object.entries(r).map(([k, v]) => [camel(k), v]))]),
    );
    const fresh: (NewCandidate & Pending)[] = [];
    const updates: (UpdatedCandidate & Pending)[] = [];
    for (const p of batch) {
      const existing = byEmail.get(p.email);
      const checked = await checkCandidate(p.input, { existing, refs, today });
      if ('errors' in checked) reject(p.row, p.email, reasons(checked.errors));
      else if (existing) updates.push({ ...p, ...checked, id: existing.id as number, existing });
      else fresh.push({ ...p, ...checked });
    }
    return [fresh, updates];
  }

  let batch: Pending[] = [];
  const writing: Promise<void>[] = clients.map(() => Promise.resolve());
  let flushes = 0;
  let lastProgress = 0;
  // Checking the next batch overlaps with writing the previous ones. Batches never share an
  // email (duplicates in the file are rejected first), so two writers cannot collide.
  const flush = async () => {
    const [fresh, updates] = await check(batch);
    batch = [];
    const k = flushes++ % clients.length;
    await writing[k];
    writing[k] = write(clients[k], fresh, updates);
  };
  try {
    for await (const record of readRecords(options.file)) {
      result.rows += 1;
      const rawEmail = typeof record.values.email === 'string' ? record.values.email.trim().toLowerCase() : '';
      if (record.error) reject(record.row, rawEmail, `row: ${record.error}`);
      else {
        const mapped = mapRow(record.values, maps);
        const first = rawEmail ? seen.get(rawEmail) : undefined;
        if (Object.keys(mapped.errors).length) reject(record.row, rawEmail, reasons(mapped.errors, mapped.details));
        else if (first !== undefined) reject(record.row, rawEmail, `email: email.errors.duplicateInFile (the same email is on row ${first})`);
        else if (otherPeople.has(rawEmail)) reject(record.row, rawEmail, reasons({ email: 'email.errors.exists' }));
        else {
          // Only well-formed emails identify a candidate; a malformed one is reported as such.
          if (EMAIL_PATTERN.test(rawEmail)) seen.set(rawEmail, record.row);
          batch.push({ row: record.row, email: rawEmail, input: mapped.input });
          if (batch.length >= batchSize) await flush();
        }
      }
      if (options.onProgress && Date.now() - lastProgress > 200) {
        lastProgress = Date.now();
        options.onProgress({ bytesRead: record.bytesRead, totalBytes, rows: result.rows, rejected: result.rejected });
      }
    }
    if (batch.length) await flush();
    await Promise.all(writing);
  } finally {
    await Promise.all(writing).catch(() => undefined);
    await Promise.all(clients.map((c) => c.end()));
    await new Promise((resolve) => report.end(resolve));
  }
  options.onProgress?.({ bytesRead: totalBytes, totalBytes, rows: result.rows, rejected: result.rejected });
  return { ...result, reportPath, seconds: (Date.now() - started) / 1000 };
}
