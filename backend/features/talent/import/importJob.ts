/**
 * An import started from the console, run by the import_candidates job: the uploaded file is read
 * from storage, imported exactly as `npm run import` does (importCandidates), its progress written
 * to the candidate_imports row as it goes, and the report (rejected rows, and rows imported with
 * likely twins) kept in storage for download; the first rows with twins are kept on the row for
 * the console's result screen. As it is marked done, the sessions of the admin who started it are
 * marked as having written (auth/session.ts markWritten): with a read replica, the candidate list
 * they go back to then reads on the primary and shows the imported rows.
 * A failed import keeps a sentence for the admin (a refusal's own, such as a file over the limits,
 * or imports.errors.stopped for any fault); the fault itself, with its stack, goes to the log only.
 * Safe to run twice: a finished import is left alone, an interrupted one starts over (rows are
 * keyed by email, so the second run updates what the first created). The uploaded file is deleted
 * once the import has ended, done or failed: a failed import is not run again.
 * An import whose job is gone for good (deleted, or its last attempt used up with no worker holding
 * it: a worker killed on the last attempt) is ended as failed when it is next looked at
 * (settleAbandonedImports, as AI match runs are): its status read, the recent imports listed, or
 * the same file uploaded again. Its error says it stopped and may be uploaded again, and its upload
 * is deleted as any failed import's is; the re-upload is then accepted, not refused as still running.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { columnOf, entity } from '../../../../schema';
import { storageFor } from '../../../adapters/storage/select';
import { SESSION_KIND } from '../../../auth/accounts';
import { markWritten } from '../../../auth/session';
import type { Config } from '../../../config';
import { modelFor } from '../../../db/models';
import { logger } from '../../../logger';
import { jobGoneForGoodSql, queueJob } from '../../../services/queue';
import { t } from '../../../../i18n';
import { importCandidates, type ImportProgress } from './importCandidates';
import { ImportRefused } from './limits';

export const IMPORT_STATUS = { queued: 0, running: 1, done: 2, failed: 3 } as const;
export const IMPORT_QUEUE = 'candidate_imports';
export const IMPORT_FOLDERS = { file: 'candidate-imports', report: 'import-reports' } as const;

const Imports = modelFor(entity('candidateImport'));

interface ImportRow {
  id: number;
  fileName: string;
  fileKey: string;
  totalBytes: number;
  status: number;
  startedById: number | null;
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The file kinds the importer reads, by extension. */
export function importExtension(fileName: string): 'csv' | 'jsonl' | undefined {
  const ext = path.extname(fileName).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  return undefined;
}

/**
 * Queues the job in the caller's transaction. One named queue runs imports one after another, so
 * two imports never interleave their batches.
 */
export async function queueImport(trx: Knex.Transaction, importId: number): Promise<void> {
  await queueJob(
    trx,
    'import_candidates',
    { importId },
    { queueName: IMPORT_QUEUE, maxAttempts: 3, jobKey: `candidate_import:${importId}` },
  );
}

/**
 * Ends as failed the imports still queued or running whose job is gone for good: no row in
 * graphile-worker's jobs under their key, or only one whose last attempt is used up and that no
 * worker holds. Each one's upload is then deleted (a failed import is never run again); should that
 * fail, its key stays on the row for the next erasure to clear. `importId` limits it to one import.
 */
export async function settleAbandonedImports(knex: Knex, config: Config, importId?: number): Promise<void> {
  const table = entity('candidateImport').table;
  const q = knex(table)
    .whereIn('status', [IMPORT_STATUS.queued, IMPORT_STATUS.running])
    .whereRaw(jobGoneForGoodSql(`'candidate_import:' || ${table}.id`))
    .update({
      status: IMPORT_STATUS.failed,
      error: t('imports.errors.abandoned'),
      [columnOf('finishedAt')]: new Date(),
      [columnOf('updatedAt')]: new Date(),
    })
    .returning(['id', columnOf('fileKey')]);
  if (importId !== undefined) q.where(`${table}.id`, importId);
  const ended = (await q) as Record<string, unknown>[];
  for (const row of ended) {
    const key = row[columnOf('fileKey')] as string | null;
    if (!key) continue;
    try {
      await storageFor(config).delete(key);
      await Imports.query(knex)
        .findById(row.id as number)
        .patch({ fileKey: null });
    } catch (err) {
      logger.warn({ err: (err as Error).message, importId: row.id }, 'abandoned import upload not deleted');
    }
  }
  if (ended.length) logger.warn({ importIds: ended.map((r) => r.id) }, 'abandoned imports ended as failed');
}

/** Progress written as it comes, one update at a time, the last one winning. */
function progressWriter(knex: Knex, id: number) {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    write(p: ImportProgress) {
      chain = chain
        .then(() =>
          Imports.query(knex).where({ id, status: IMPORT_STATUS.running }).patch({
            bytesRead: p.bytesRead,
            rows: p.rows,
            created: p.created,
            updated: p.updated,
            rejected: p.rejected,
            updatedAt: new Date().toISOString(),
          }),
        )
        .catch((err) => logger.warn({ err: (err as Error).message, importId: id }, 'import progress not saved'));
    },
    flush: () => chain,
  };
}

/** What the console shows of a failed import: the refusal's own words, never a fault's message or stack. */
const failureText = (err: unknown): string =>
  err instanceof ImportRefused ? err.message : t('imports.errors.stopped');

/** `knex` is the worker's pool (borrowed, not closed); the COPY writers open sessions of their own on `connectionString`. */
export async function runImport(importId: number, knex: Knex, connectionString: string, config: Config): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'talentbase-import-'));
  try {
    const row = (await Imports.query(knex).findById(importId)) as unknown as ImportRow | undefined;
    if (!row || row.status === IMPORT_STATUS.done || row.status === IMPORT_STATUS.failed) return;
    const now = () => new Date().toISOString();
    const record = (changes: Record<string, unknown>) =>
      Imports.query(knex)
        .findById(importId)
        .patch({ ...changes, updatedAt: now() });
    await record({
      status: IMPORT_STATUS.running,
      startedAt: now(),
      bytesRead: 0,
      rows: 0,
      created: 0,
      updated: 0,
      rejected: 0,
      likelyDuplicates: 0,
      duplicates: null,
    });
    const storage = storageFor(config);
    const progress = progressWriter(knex, importId);
    try {
      const source = await storage.get(row.fileKey);
      if (!source) throw new ImportRefused('imports.errors.uploadGone');
      const file = path.join(dir, `import.${importExtension(row.fileName) ?? 'csv'}`);
      await pipeline(source, createWriteStream(file));
      const result = await importCandidates({
        file,
        knex,
        connectionString,
        config,
        reportPath: path.join(dir, 'rejected.csv'),
        onProgress: progress.write,
      });
      await progress.flush();
      const reportKey = await storage.put(await readFile(result.reportPath), {
        folder: IMPORT_FOLDERS.report,
        ext: 'csv',
      });
      // The admin who started it reads from the primary for the writer window, as after a write of
      // their own: the list they go back to must show the imported rows, which a lagging replica may not.
      if (row.startedById) await markWritten(knex, { actor_kind: SESSION_KIND.admin, actor_id: row.startedById });
      await record({
        status: IMPORT_STATUS.done,
        bytesRead: row.totalBytes,
        rows: result.rows,
        created: result.created,
        updated: result.updated,
        rejected: result.rejected,
        likelyDuplicates: result.likelyDuplicates,
        duplicates: result.duplicates,
        reportKey,
        fileKey: null,
        finishedAt: now(),
      });
      // The report stays for download; the uploaded file has served its purpose.
      await storage.delete(row.fileKey);
    } catch (err) {
      await progress.flush();
      // The whole error, a checking thread's stack included, goes to the log (redacted there); the
      // admin reads why the file was refused, or a product sentence for any other fault.
      logger.error({ importId, err }, 'candidate import failed');
      await record({ status: IMPORT_STATUS.failed, error: failureText(err), finishedAt: now() });
      // A failed import is never run again: its upload (every person in the file) goes now. Should
      // the deletion fail, the key stays on the row and the next erasure clears it (dataRights/eraseFiles.ts).
      await storage.delete(row.fileKey);
      await record({ fileKey: null });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
