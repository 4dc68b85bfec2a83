/**
 * The one bulk deletion of every list, `DELETE /<resource>` {keys} (or {ids}), up to BULK_MAX keys (the console sends
 * chunks of 25: admin/providers/bulkDelete.ts). A request is one transaction and each key its own savepoint, so a
 * refused key is undone alone and no row is left half deleted. Each key is answered:
 *   deleted  gone under its entity's own rules (`beforeDelete`; `settle` judged after each key, so the key that would
 *            break a table's invariant, such as the last active General admin, is the one refused);
 *   gone     not there: deleted by someone else meanwhile, what the caller wanted, so not a failure. A key out of the
 *            caller's reach (another company's) reads the same, as the single delete's 404 does: nothing told of it;
 *   refused  with the refusal's code and words (a booked rule, a role the schema's rules refuse on that row).
 * Only keys are answered, never a record. A capability with its own deletion route passes its own `deleteOne`.
 */
import { subject as asSubject } from '@casl/ability';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { EntityDef } from '../../schema';
import { BULK_MAX } from '../../schema/validation/inputs';
import { modelFor } from '../db/models';
import { AppError, badRequest, forbidden } from '../errors';
import { keyOf, type GoneKeys } from './bulkAnswer';
import { parseId } from './ids';
import { forgetInLists } from './refs';
import { findRow } from './select';
import { writeContextOf, type EntityWrites } from './writes';

export type KeyOutcome = 'deleted' | 'gone';

export interface Refusal {
  id: string;
  code: string;
  message: string;
}

/** The answer's shape is the one of every per-key bulk answer (bulkAnswer.ts). */
export interface PerKeyAnswer extends GoneKeys {
  deleted: string[];
  refused: Refusal[];
}

/** What a row's deletion needs of the request: an endpoint's call, or the generic router's request. */
export type Deleter = Parameters<typeof writeContextOf>[0] & { req: Pick<Request, 'actor' | 'sessionId'> };

/** One key's work in a savepoint of `trx`: not found (404) is gone; any other refusal is undone alone and named. */
async function inSavepoint(
  trx: Knex.Transaction,
  work: (point: Knex.Transaction) => Promise<KeyOutcome>,
): Promise<KeyOutcome | { code: string; message: string }> {
  try {
    return await trx.transaction(work);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.status === 404) return 'gone';
    return { code: err.code, message: err.message };
  }
}

/** Deletes `keys` one by one in one transaction, answering each by `keyOf`. */
export async function deletePerKey<K>(
  knex: Knex,
  keys: readonly K[],
  keyOf: (key: K) => string,
  deleteOne: (point: Knex.Transaction, key: K) => Promise<KeyOutcome>,
): Promise<PerKeyAnswer> {
  const answer: PerKeyAnswer = { success: true, deleted: [], gone: [], refused: [] };
  await knex.transaction(async (trx) => {
    for (const key of keys) {
      const outcome = await inSavepoint(trx, (point) => deleteOne(point, key));
      if (typeof outcome === 'object') answer.refused.push({ id: keyOf(key), ...outcome });
      else answer[outcome].push(keyOf(key));
    }
  });
  return answer;
}

/** One row deleted as the single `DELETE /<resource>/:id` does it, in `point`: gone when the caller cannot find it. */
export async function deleteRow(
  caller: Deleter,
  entity: EntityDef,
  writes: EntityWrites,
  point: Knex.Transaction,
  id: number,
): Promise<KeyOutcome> {
  const existing = await findRow(point, entity, caller.req, id, 'delete');
  if (!existing) return 'gone';
  if (!caller.ability.can('delete', asSubject(entity.subject, { ...existing }))) throw forbidden();
  const ctx = writeContextOf(caller, point, entity);
  await writes.beforeDelete?.({ ...ctx, existing });
  await forgetInLists(point, entity, id);
  // Deleted by another request since it was read: gone, as wanted.
  if (!(await modelFor(entity).query(point).deleteById(id))) return 'gone';
  await writes.settle?.(ctx);
  return 'deleted';
}

/** The ids a bulk deletion names ({keys} or {ids}), each once: a list of 1 to BULK_MAX of the entity's ids. */
export function deleteKeysOf(entity: EntityDef, body: unknown): number[] {
  const { keys, ids } = (body ?? {}) as { keys?: unknown; ids?: unknown };
  const raw = keys ?? ids;
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0))
    throw badRequest({ keys: 'keys.errors.required' });
  if (!Array.isArray(raw)) throw badRequest({ keys: 'keys.errors.invalid' });
  if (raw.length > BULK_MAX) throw badRequest({ keys: 'keys.errors.tooMany' });
  const parsed = raw.map((value) => parseId(entity, value));
  if (parsed.some((n) => n === undefined)) throw badRequest({ keys: 'keys.errors.invalid' });
  return [...new Set(parsed as number[])];
}

/** The generic route's work: `keys` of `entity` deleted per key under its write rules. */
export function deleteEntityKeys(
  caller: Deleter & { ctx: { knex: Knex } },
  entity: EntityDef,
  writes: EntityWrites,
  body: unknown,
) {
  const keys = deleteKeysOf(entity, body);
  return deletePerKey(caller.ctx.knex, keys, keyOf(entity), (point, id) =>
    deleteRow(caller, entity, writes, point, id),
  );
}
