/**
 * What became of a pair no longer open, for the review page left open or opened again (GET /candidate-duplicates/:id
 * answers 409 duplicates.notOpen with it as `resolution`): judged two people (by whom, when), or merged (by whom, when,
 * and the profile that holds the person now, through any later merge). A merge deletes its pairs, journaling them
 * (merge.ts), so a merged pair is found in the journal of the merge not undone that removed it. Its `mergeId` and
 * `undoable` are what the merges list of the kept profile says (endpoints.ts mergesInto): within UNDO_DAYS and nothing
 * written about the merge's survivor since but looks (since.ts, the undo's own check), so the page offers the same undo.
 */
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import { DUPLICATE_STATUS } from '../../../schema/entities/candidateDuplicate';
import { formatId } from '../../../schema/lib/ids';
import { survivorOf } from './redirect';
import { changeCheck } from './since';

const candidate = entity('candidate');
const mergeEntity = entity('candidateMerge');

export type Resolution =
  | { outcome: 'dismissed'; at: Date | null; by: string | null }
  | {
      outcome: 'merged';
      at: Date;
      by: string | null;
      mergedName: string | null;
      /** The merge, for its undo (POST /candidate-merges/:id/undo). */
      mergeId: string | number | null;
      /** Whether the undo would succeed now: the merges list's `undoable` (since.ts). */
      undoable: boolean;
      /** The profile the person lives in now, as the console reads it; null when none is left (erased). */
      survivorId: string | number | null;
      survivorName: string | null;
    };

interface MergeFound {
  id: number;
  survivor_id: number;
  merged_id: number;
  at: Date;
  by: string | null;
  name: string | null;
  undoable: boolean;
}

const adminName = `(select nullif(btrim(concat_ws(' ', a.first_name, a.last_name)), '') from admins a where a.id = `;

/**
 * The resolution of pair `pairId`, or undefined for an open pair or one nothing is known of; `nameOf` reads a profile's
 * name as the caller may see it (the candidate gate).
 */
export async function resolutionOf(
  knex: Knex,
  pairId: number,
  nameOf: (candidateId: number) => Promise<string | null>,
): Promise<Resolution | undefined> {
  const pair = (
    await knex.raw(
      `select status, decided_at as at, ${adminName} decided_by_id) as by from candidate_duplicates where id = ?`,
      [pairId],
    )
  ).rows[0] as { status: number; at: Date | null; by: string | null } | undefined;
  if (pair)
    return pair.status === DUPLICATE_STATUS.dismissed ? { outcome: 'dismissed', at: pair.at, by: pair.by } : undefined;
  const removed = JSON.stringify([{ table: 'candidate_duplicates', rows: [{ id: pairId }] }]);
  const merge = (
    await knex.raw(
      `select id, survivor_id, merged_id, created_at as at, ${adminName} merged_by_id) as by, undo_until > now() as undoable,
              nullif(btrim(concat_ws(' ', journal->'merged'->>'first_name', journal->'merged'->>'last_name')), '') as name
         from candidate_merges where undone_at is null and journal->'removed' @> ?::jsonb order by id desc limit 1`,
      [removed],
    )
  ).rows[0] as MergeFound | undefined;
  if (!merge) return undefined;
  const undoable = merge.undoable && !(await (await changeCheck(knex))(merge.survivor_id, merge.id));
  const survivor = await survivorOf(knex, merge.merged_id);
  return {
    outcome: 'merged',
    at: merge.at,
    by: merge.by,
    mergedName: merge.name,
    mergeId: formatId(mergeEntity, merge.id),
    undoable,
    survivorId: survivor === undefined ? null : formatId(candidate, survivor),
    survivorName: survivor === undefined ? null : await nameOf(survivor),
  };
}
