/**
 * `DELETE /candidates` {keys} (or {ids}): admins delete up to 100 candidates in one request, each under the rules a
 * single deletion follows (DELETE /candidates/:id: booked interviews cancelled first, references in lists forgotten).
 * The answer is per key, in one envelope: `deleted`, `gone` (no longer there, deleted by someone else meanwhile: what
 * the caller wanted, so not a failure) and `refused` (each with its reason in words). A refused key is undone alone
 * (a savepoint); the others stay deleted. Only ids and counts are answered, never a profile.
 */
import { subject as asSubject } from '@casl/ability';
import type { Knex } from 'knex';
import { z } from 'zod';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import { BULK_MAX, ids } from '../../../schema/validation/inputs';
import { forgetInLists } from '../../crud/refs';
import { findRow } from '../../crud/router';
import { writeContextOf } from '../../crud/writes';
import { modelFor } from '../../db/models';
import { defineEndpoint, type Call } from '../../endpoints/define';
import { AppError, badRequest, forbidden } from '../../errors';
import { candidateWrites } from './candidates';

const candidate = entity('candidate');
const list = ids('candidate', BULK_MAX);

/** What the helpers need of a call. */
type Caller = Pick<Call, 'actor' | 'ability' | 'ctx' | 'req'>;

type Outcome = 'deleted' | 'gone' | { code: string; message: string };

/** One key in its own savepoint: gone when the caller cannot find it, refused (and undone alone) on an AppError. */
async function deleteOne(call: Caller, trx: Knex.Transaction, id: number): Promise<Outcome> {
  try {
    return await trx.transaction(async (point) => {
      const existing = await findRow(point, candidate, call.req, id, 'delete');
      if (!existing) return 'gone';
      if (!call.ability.can('delete', asSubject(candidate.subject, { ...existing }))) throw forbidden();
      await candidateWrites.beforeDelete?.({ ...writeContextOf(call, point, candidate), existing });
      await forgetInLists(point, candidate, id);
      // Deleted by another request since it was read: gone, as wanted.
      return (await modelFor(candidate).query(point).deleteById(id)) ? 'deleted' : 'gone';
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { code: err.code, message: err.message };
  }
}

export const candidatesBulkDelete = defineEndpoint({
  method: 'delete',
  path: '/candidates',
  summary: 'Admins delete several candidates at once; keys already gone are skipped, refused ones named',
  access: { action: 'delete', subject: candidate.subject },
  input: { body: z.object({ keys: list.optional(), ids: list.optional() }) },
  handler: async (call) => {
    const wanted = [...new Set(call.body.keys ?? call.body.ids ?? [])];
    if (!wanted.length) throw badRequest({ keys: 'keys.errors.required' });
    const answer = { success: true, deleted: [] as string[], gone: [] as string[], refused: [] as object[] };
    await call.ctx.knex.transaction(async (trx) => {
      for (const id of wanted) {
        const outcome = await deleteOne(call, trx, id);
        const key = String(formatId(candidate, id));
        if (typeof outcome === 'object') answer.refused.push({ id: key, ...outcome });
        else answer[outcome].push(key);
      }
      await candidateWrites.settle?.(writeContextOf(call, trx, candidate));
    });
    return answer;
  },
});
