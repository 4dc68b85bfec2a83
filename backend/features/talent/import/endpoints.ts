/**
 * Imports from the console: an admin uploads a CSV or JSON Lines file, the import runs as a
 * background job (importJob.ts), the console polls its progress and downloads the report at the end.
 *   POST /candidates/imports                multipart `file`  → 201 the import, queued
 *   GET  /candidates/imports                the imports the admin may read, newest first, paged
 *                                           (`page` from 1, `perPage` up to 50, default 10): { data, total },
 *                                           each as below without its twins, plus `startedBy` (the admin's name)
 *   GET  /candidates/imports/:id            where it stands (status, bytes read, rows, created, updated, rejected),
 *                                           and the rows imported with likely twins (the first DUPLICATES_KEPT)
 *   GET  /candidates/imports/:id/report     as CSV (row, email, reasons): the rejected rows and the rows
 *                                           imported with likely twins, in file order
 * The same file cannot be imported twice at once (409); imports run one after another. An import
 * whose job is gone for good is ended as failed whenever it is read, listed or its file uploaded
 * again (importJob.ts settleAbandonedImports), so it neither shows as running nor blocks its file.
 * A file over the limits (limits.ts: rows, columns), whose header names a column twice or leaves one with values
 * unnamed, with no rows under its header, or a CSV that is not UTF-8 text (checkFile.ts) is refused at upload, 400 on
 * `file` with the whole sentence as the message, before anything is stored. Each likely twin
 * is named as the admin may see them (the candidate gate's label), beside its id.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { columnOf, entity } from '../../../../schema';
import { formatId } from '../../../../schema/lib/ids';
import { storageFor } from '../../../adapters/storage/select';
import { modelFor } from '../../../db/models';
import type { AppContext } from '../../../context';
import { defineEndpoint } from '../../../endpoints/define';
import { AppError, badRequest, notFound } from '../../../errors';
import { sendStream } from '../../../http/sendStream';
import { scopeQuery } from '../../../permissions/sql';
import type { Row } from '../../../crud/serialize';
import { loadShown, type ShownCandidate } from '../../../services/candidateGate';
import { checkImportLimits } from './checkFile';
import { ImportRefused } from './limits';
import {
  IMPORT_FOLDERS,
  IMPORT_STATUS,
  importExtension,
  queueImport,
  settleAbandonedImports,
  sha256,
} from './importJob';
import type { DuplicateNote } from './twins';
import { actorRefs, type Actor } from '../../../../schema/roles';
import type { AppAbility } from '../../../../schema/ability';

const candidateImport = entity('candidateImport');
const candidate = entity('candidate');
const Imports = modelFor(candidateImport);
const STATUS_NAMES = Object.fromEntries(Object.entries(IMPORT_STATUS).map(([name, n]) => [n, name])) as Record<
  number,
  keyof typeof IMPORT_STATUS
>;

/** The import as the console reads it: its counts, where it stands, and whether a report is ready. */
function answer(row: Row, names: Map<number, ShownCandidate> = new Map()) {
  return {
    id: formatId(candidateImport, row.id as number),
    fileName: row.fileName,
    status: STATUS_NAMES[row.status as number],
    totalBytes: row.totalBytes,
    bytesRead: row.bytesRead,
    rows: row.rows,
    created: row.created,
    updated: row.updated,
    rejected: row.rejected,
    likelyDuplicates: row.likelyDuplicates ?? 0,
    duplicates: ((row.duplicates ?? []) as DuplicateNote[]).map((n) => ({
      row: n.row,
      email: n.email,
      candidateId: formatId(candidate, n.candidateId),
      twins: n.twins.map((tw) => ({
        otherId: formatId(candidate, tw.otherId),
        otherName: names.get(tw.otherId)?.label ?? null,
        otherRow: tw.otherRow,
        reasons: tw.reasons,
        confidence: tw.confidence,
        pairId: tw.pairId,
      })),
    })),
    error: row.error ?? null,
    reportAvailable: Boolean(row.reportKey),
    startedAt: row.startedAt ?? null,
    finishedAt: row.finishedAt ?? null,
    createdAt: row.createdAt,
  };
}

/** The import with its twins named through the candidate gate, as `actor` may see them. */
async function answerFor(knex: Knex, actor: Actor, row: Row) {
  const notes = (row.duplicates ?? []) as DuplicateNote[];
  return answer(row, await loadShown(knex, actor, [...new Set(notes.flatMap((n) => n.twins.map((tw) => tw.otherId)))]));
}

const listQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    perPage: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();

/** The import where it stands now: ended as failed first when its job is gone for good. */
async function currentImport(ctx: Pick<AppContext, 'knex' | 'config'>, actor: Actor, row: Row) {
  if (row.status !== IMPORT_STATUS.queued && row.status !== IMPORT_STATUS.running)
    return answerFor(ctx.knex, actor, row);
  await settleAbandonedImports(ctx.knex, ctx.config, row.id as number);
  return answerFor(ctx.knex, actor, (await Imports.query(ctx.knex).findById(row.id as number)) as unknown as Row);
}

/** The imports `ability` may read, newest first, one page of them, each with the name of the admin who started it. */
async function listImports(knex: Knex, ability: AppAbility, page: number, perPage: number) {
  const t = candidateImport.table;
  const base = scopeQuery(knex(t), ability, 'read', candidateImport.subject, t);
  const [{ n }] = await base.clone().count({ n: '*' });
  const rows = (await base
    .clone()
    .leftJoin('admins', 'admins.id', `${t}.${columnOf('startedById')}`)
    .select(`${t}.*`, knex.raw("trim(admins.first_name || ' ' || admins.last_name) as started_by"))
    .orderBy(`${t}.${columnOf('createdAt')}`, 'desc')
    .orderBy(`${t}.id`, 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)) as Record<string, unknown>[];
  const data = rows.map((r) => {
    const row = Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v]),
    );
    return {
      ...answer({ ...row, duplicates: [] } as unknown as Row),
      startedBy: (r.started_by as string | null) || null,
    };
  });
  return { data, total: Number(n) };
}

/** Refuses, 400 on `file`, an upload over the limits or with a column named twice (checkFile.ts). */
async function checkUpload(upload: Express.Multer.File, ext: 'csv' | 'jsonl'): Promise<void> {
  try {
    await checkImportLimits(upload.buffer, ext);
  } catch (err) {
    if (err instanceof ImportRefused) throw new AppError(400, err.key, err.message, { file: err.key });
    throw err;
  }
}

/**
 * Starts a bulk import of the uploaded CSV or JSON Lines file: stored, recorded as queued and its job
 * queued in one transaction; the same file already queued or running is refused (409) with that
 * import's id.
 */
export async function startImport(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  actor: Actor,
  file: Express.Multer.File | undefined,
) {
  const upload = file as Express.Multer.File;
  const ext = importExtension(upload.originalname);
  if (!ext) throw badRequest({ file: 'import.errors.fileType' });
  if (!upload.size) throw badRequest({ file: 'import.errors.empty' });
  await checkUpload(upload, ext);
  const digest = sha256(upload.buffer);
  // An earlier import of the file whose job is gone for good no longer holds it.
  await settleAbandonedImports(ctx.knex, ctx.config);
  const storage = storageFor(ctx.config);
  const key = await storage.put(upload.buffer, { folder: IMPORT_FOLDERS.file, ext });
  try {
    const id = await ctx.knex.transaction(async (trx) => {
      // Two uploads of one file at the same moment: the lock makes the second see the first.
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`candidate_import:${digest}`]);
      const busy = (await Imports.query(trx)
        .where(columnOf('fileSha256'), digest)
        .whereIn('status', [IMPORT_STATUS.queued, IMPORT_STATUS.running])
        .first()) as unknown as Row | undefined;
      if (busy)
        throw new AppError(409, 'import.errors.alreadyRunning', undefined, undefined, {
          importId: formatId(candidateImport, busy.id as number),
        });
      const created = (await Imports.query(trx).insert({
        fileName: upload.originalname.slice(0, 255),
        fileKey: key,
        fileSha256: digest,
        totalBytes: upload.size,
        status: IMPORT_STATUS.queued,
        startedById: actorRefs(actor).adminId,
      })) as unknown as Row;
      await queueImport(trx, created.id as number);
      return created.id as number;
    });
    return answer((await Imports.query(ctx.knex).findById(id)) as unknown as Row);
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
}

export const importEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/candidates/imports',
    summary: 'Starts a bulk import of candidates from a CSV or JSON Lines file',
    access: { action: 'create', subject: 'CandidateImport' },
    upload: { field: 'file', maxBytes: (config) => config.importMaxBytes, required: true },
    status: 201,
    handler: ({ file, actor, ctx }) => startImport(ctx, actor, file),
  }),

  defineEndpoint({
    method: 'get',
    path: '/candidates/imports',
    summary: 'The recent imports, newest first',
    access: { action: 'read', subject: 'CandidateImport' },
    input: { query: listQuery },
    handler: async ({ query, ability, ctx }) => {
      await settleAbandonedImports(ctx.knex, ctx.config);
      return listImports(ctx.knex, ability, query.page, query.perPage);
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/candidates/imports/:id',
    summary: 'Where an import stands',
    access: { action: 'read', subject: 'CandidateImport' },
    input: { params: z.object({ id: z.string() }) },
    row: { entity: 'candidateImport', action: 'read' },
    handler: ({ row, actor, ctx }) => currentImport(ctx, actor, row),
  }),

  defineEndpoint({
    method: 'get',
    path: '/candidates/imports/:id/report',
    summary: 'The rejected rows of a finished import and the rows imported with likely twins, as CSV',
    access: { action: 'read', subject: 'CandidateImport' },
    input: { params: z.object({ id: z.string() }) },
    row: { entity: 'candidateImport', action: 'read' },
    raw: true,
    handler: async ({ row, ctx, res }) => {
      if (!row.reportKey) throw notFound('import.errors.noReport');
      const stream = await storageFor(ctx.config).get(row.reportKey as string);
      if (!stream) throw notFound('import.errors.noReport');
      const base =
        String(row.fileName)
          .replace(/\.[^.]*$/, '')
          .replace(/[^A-Za-z0-9._-]+/g, '-') || 'import';
      res.set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${base}.rejected.csv"`,
        'Cache-Control': 'private, no-store',
      });
      // A byte-order mark first, so a spreadsheet reads the names as UTF-8; the import reads a file with one alike.
      res.write('\ufeff');
      await sendStream(res, stream);
    },
  }),
];
