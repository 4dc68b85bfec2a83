/**
 * The admins' erasure queue (the console lists erasure-requests through the generic routes, which
 * admins may only read): an admin records a request received elsewhere, holds one with a reason
 * (a legal hold, an offer in progress: kept on the request, which the erasure clears, never in the
 * data rights log), releases the hold, and carries one out; the
 * carry_out_erasures job carries out every due request not on hold. Only admins reach these.
 *   POST /data-rights/erasures                 {candidateId}  (409 erasure.errors.done: already erased)
 *   POST /data-rights/erasures/:id/hold        {reason}
 *   POST /data-rights/erasures/:id/release
 *   POST /data-rights/erasures/:id/carry-out   {early?}
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { ERASURE_OPEN, ERASURE_SOURCE, ERASURE_STATUS, erasureDueAt } from '../../../schema/rules/dataRights';
import type { Actor } from '../../../schema/roles';
import { actorRefs } from '../../../schema/roles';
import { id } from '../../../schema/validation/inputs';
import type { Config } from '../../config';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, notFound } from '../../errors';
import { queueAtsErasure } from './atsRecords';
import { deleteErasedFiles, eraseCandidate, queueFileDeletion, type ErasureReport } from './erase';
import { logDataRights } from './log';
import { wasErased } from './erased';
import { logger } from '../../logger';

/** Admins only: the entity is readable by admins alone, and these act on it. */
const access = { action: 'read', subject: 'ErasureRequest' } as const;
const params = z.object({ id: id('erasureRequest') });
const conflict = (key: string) => new AppError(409, key, undefined, { erasure: key });

interface Row {
  id: number;
  candidate_id: number;
  status: number;
  due_at: Date | null;
}

async function lockRequest(trx: Knex.Transaction, requestId: number): Promise<Row> {
  const row = await trx<Row>('erasure_requests').where('id', requestId).forUpdate().first();
  if (!row) throw notFound();
  if (row.status === ERASURE_STATUS.erased) throw conflict('erasure.errors.done');
  if (row.status === ERASURE_STATUS.cancelled) throw conflict('erasure.errors.notOpen');
  return row;
}

/**
 * Carries out one request: the erasure, the request's record and the delete_erased_files job that
 * deletes the stored files once it commits, in one transaction (the files it stored meanwhile are
 * deleted if it fails). `actor` undefined: the scheduled job.
 */
export async function carryOut(
  knex: Knex,
  config: Config,
  requestId: number,
  actor: Actor | undefined,
  check: (row: Row) => void = () => {},
): Promise<ErasureReport> {
  const written: string[] = [];
  const erasing = knex.transaction(async (trx) => {
    const row = await lockRequest(trx, requestId);
    check(row);
    const done = await eraseCandidate(trx, config, row.candidate_id, written);
    if (!done) throw notFound();
    const now = new Date();
    await trx('erasure_requests')
      .where('id', row.id)
      .update({
        status: ERASURE_STATUS.erased,
        erased_at: now,
        erased_by_id: actor ? actorRefs(actor).adminId : null,
        code_hash: null,
        report: JSON.stringify(done.report),
        updated_at: now,
      });
    // Other open requests of the same person end with it.
    await trx('erasure_requests')
      .where('candidate_id', row.candidate_id)
      .whereIn('status', ERASURE_OPEN)
      .update({ status: ERASURE_STATUS.cancelled, updated_at: now });
    // The ATS records: erased with the vendors' calls, or listed for the companies, once this commits.
    if (done.report.atsRecords.length) await queueAtsErasure(trx, row.id);
    // The stored files: deleted by a job committed with the erasure, retried until they are gone.
    await queueFileDeletion(trx, done.files);
    await logDataRights(trx, row.candidate_id, 'erased', actor, {
      requestId: row.id,
      deleted: done.report.deleted,
      scrubbed: done.report.scrubbed,
      files: done.report.files,
      atsRecords: done.report.atsRecords.length,
    });
    return done;
  });
  const { report } = await erasing.catch(async (err: unknown) => {
    await deleteErasedFiles(config, written).catch((e: unknown) =>
      logger.error({ err: (e as Error).message }, 'a file stored by a failed erasure could not be deleted'),
    );
    throw err;
  });
  return report;
}

/**
 * The job's rule, checked again under the request's lock: the request is still confirmed, due by
 * `now` and not held (an admin may have held it since the job listed it).
 */
export const stillDue =
  (now: Date) =>
  (row: Row): void => {
    if (row.status === ERASURE_STATUS.held) throw conflict('erasure.errors.held');
    if (row.status !== ERASURE_STATUS.coolingOff || !row.due_at) throw conflict('erasure.errors.notConfirmed');
    if (new Date(row.due_at) > now) throw conflict('erasure.errors.coolingOff');
  };

/** Due requests not on hold, oldest first: what the job carries out. */
export async function dueRequests(knex: Knex, now = new Date()): Promise<number[]> {
  const rows = await knex('erasure_requests')
    .where('status', ERASURE_STATUS.coolingOff)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .select('id');
  return rows.map((r) => r.id as number);
}

const record = defineEndpoint({
  method: 'post',
  path: '/data-rights/erasures',
  summary: 'An admin records an erasure request received elsewhere; it cools off like the candidate’s own',
  access,
  input: { body: z.object({ candidateId: id('candidate') }) },
  status: 201,
  handler: async ({ body, actor, ctx }) =>
    ctx.knex.transaction(async (trx) => {
      const person = await trx('candidates').where('id', body.candidateId).forUpdate().first('id');
      if (!person)
        throw new AppError(400, 'errors.validation', undefined, { candidateId: 'candidateId.errors.notFound' });
      if (await wasErased(trx, body.candidateId)) throw conflict('erasure.errors.done');
      const open = await trx('erasure_requests')
        .where('candidate_id', body.candidateId)
        .whereIn('status', ERASURE_OPEN)
        .first('id');
      if (open) throw conflict('erasure.errors.alreadyRequested');
      const now = new Date();
      const [row] = await trx('erasure_requests')
        .insert({
          candidate_id: body.candidateId,
          status: ERASURE_STATUS.coolingOff,
          source: ERASURE_SOURCE.admin,
          confirmed_at: now,
          due_at: erasureDueAt(now),
        })
        .returning(['id', 'due_at']);
      await logDataRights(trx, body.candidateId, 'erasureRequested', actor, { requestId: row.id });
      return { id: `ErasureRequest:${row.id}`, dueAt: new Date(row.due_at).toISOString() };
    }),
});

const hold = defineEndpoint({
  method: 'post',
  path: '/data-rights/erasures/:id/hold',
  summary: 'An admin holds an erasure request, with the reason recorded',
  access,
  input: { params, body: z.object({ reason: z.string().trim().min(1).max(2000) }) },
  handler: async ({ params: p, body, actor, ctx }) => {
    await ctx.knex.transaction(async (trx) => {
      const row = await lockRequest(trx, p.id);
      if (row.status === ERASURE_STATUS.held) throw conflict('erasure.errors.held');
      const now = new Date();
      await trx('erasure_requests').where('id', row.id).update({
        status: ERASURE_STATUS.held,
        held_reason: body.reason,
        held_by_id: actor.id,
        held_at: now,
        updated_at: now,
      });
      await logDataRights(trx, row.candidate_id, 'erasureHeld', actor, { requestId: row.id });
    });
    return { held: true };
  },
});

const release = defineEndpoint({
  method: 'post',
  path: '/data-rights/erasures/:id/release',
  summary: 'An admin releases a held erasure request; it is due again at once if its period has passed',
  access,
  input: { params },
  handler: async ({ params: p, actor, ctx }) => {
    await ctx.knex.transaction(async (trx) => {
      const row = await lockRequest(trx, p.id);
      if (row.status !== ERASURE_STATUS.held) throw conflict('erasure.errors.notHeld');
      // A request held before its code was confirmed has no due date yet: it still waits for the code.
      const status = row.due_at ? ERASURE_STATUS.coolingOff : ERASURE_STATUS.awaitingCode;
      await trx('erasure_requests').where('id', row.id).update({ status, updated_at: new Date() });
      await logDataRights(trx, row.candidate_id, 'erasureReleased', actor, { requestId: row.id });
    });
    return { held: false };
  },
});

const carryOutNow = defineEndpoint({
  method: 'post',
  path: '/data-rights/erasures/:id/carry-out',
  summary: 'An admin carries out a confirmed erasure request; before its due date only when asked to (early)',
  access,
  input: { params, body: z.object({ early: z.boolean().optional() }) },
  handler: async ({ params: p, body, actor, ctx }) => {
    const report = await carryOut(ctx.knex, ctx.config, p.id, actor, (row) => {
      if (row.status === ERASURE_STATUS.held) throw conflict('erasure.errors.held');
      if (row.status !== ERASURE_STATUS.coolingOff) throw conflict('erasure.errors.notConfirmed');
      if (!body.early && row.due_at && new Date(row.due_at) > new Date()) throw conflict('erasure.errors.coolingOff');
    });
    return { erased: true, report };
  },
});

export const queueEndpoints = [record, hold, release, carryOutNow];
