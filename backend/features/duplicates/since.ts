/**
 * Whether something was written about a merge's survivor after the merge, which an undo would throw away (undo.ts),
 * and so whether the console offers the undo at all (endpoints.ts, `undoable` and `undoBlocked`): one check for both.
 * A mere look is not a change: a company's view or a search's appearance (their logs and the insight counts rolled up
 * from them, which an undo recomputes), a profile queued for its search document, and a board's "seen" mark on a
 * pipeline row (`seen_at`, which stamps nothing else: pipeline/actions.ts) never block an undo; the seen mark a merge's
 * changed row took after it stays through the undo (keptMarks).
 */
import type { Knex } from 'knex';
import { allReferences } from './references';

/**
 * Stamps of tables written without a creation or update stamp. A sign-in, or retention's reminder, after the merge
 * writes the survivor's activity row, which may be the merged profile's moved (merge.ts, MERGED_WINS): an undo would
 * hand that later sign-in to the merged profile and leave the survivor absent since before the merge.
 */
const OTHER_STAMPS: Record<string, string[]> = { candidate_activity: ['last_active_at', 'reminded_at', 'archived_at'] };

/** Tables only a look, or bookkeeping after any write, fills: rows written there after a merge change nothing. */
const LOOKS = new Set(['candidate_search_or_view_logs', 'candidate_insight_daily', 'candidate_search_pending']);

/**
 * Per table, the mark a look writes on a row, itself a time: a row whose latest stamp is that mark (a pipeline row a
 * board's seen mark created) was only looked at since.
 */
export const LOOK_MARKS: Record<string, string> = { project_candidates: 'seen_at' };

type Db = Knex | Knex.Transaction;

/**
 * A check, read once from the catalogue, of where a row naming `survivorId` was written after merge `mergeId`
 * (the table's name; undefined when nothing was).
 */
export async function changeCheck(
  db: Db,
): Promise<(survivorId: number, mergeId: number) => Promise<string | undefined>> {
  const stamped = (
    await db.raw(
      `select table_name, array_agg(column_name::text) as cols from information_schema.columns
        where table_schema = 'public' and column_name in ('created_at', 'updated_at') group by table_name`,
    )
  ).rows as { table_name: string; cols: string[] }[];
  const stamps = new Map([...stamped.map((r) => [r.table_name, r.cols] as const), ...Object.entries(OTHER_STAMPS)]);
  const checks = [{ table: 'candidates', column: 'id' }, ...(await allReferences(db))].filter(
    (r) => stamps.has(r.table) && r.table !== 'candidate_merges' && !LOOKS.has(r.table),
  );
  if (!checks.length) return async () => undefined;
  // One statement for every table, the first one written since answered (coalesce stops at it): one round trip a merge.
  const found = checks.map((ref) => {
    const latest = `greatest(${stamps.get(ref.table)!.join(', ')})`;
    const mark = LOOK_MARKS[ref.table];
    return `(select '${ref.table}'::text where exists (select 1 from ${ref.table} where ${ref.column} = :survivor
              and ${latest} > (select at from merge) ${mark ? `and ${latest} is distinct from ${mark}` : ''}))`;
  });
  // Compared in SQL: the stamps carry microseconds a JavaScript date would drop.
  const sql = `with merge as (select created_at as at from candidate_merges where id = :merge)
    select coalesce(${found.join(',\n')}) as changed`;
  return async (survivorId, mergeId) => {
    const { rows } = await db.raw(sql, { survivor: survivorId, merge: mergeId });
    return (rows[0]?.changed as string | null) ?? undefined;
  };
}

/**
 * The look marks written after merge `mergeId` on the rows `ids` of `table` (rows the merge changed, which an undo
 * writes back as they were): a function that puts them back once the undo restored the rows.
 */
export async function keptMarks(
  trx: Knex.Transaction,
  table: string,
  ids: number[],
  mergeId: number,
): Promise<() => Promise<void>> {
  const mark = LOOK_MARKS[table];
  if (!mark || !ids.length) return async () => undefined;
  const { rows } = await trx.raw(
    `select id, ${mark}::text as at from ${table} where id = any(?::int[])
        and ${mark} > (select created_at from candidate_merges where id = ?)`,
    [ids, mergeId],
  );
  return async () => {
    // As text: the marks carry microseconds a JavaScript date would drop.
    for (const r of rows as { id: number; at: string }[])
      await trx.raw(`update ${table} set ${mark} = ?::timestamptz where id = ?`, [r.at, r.id]);
  };
}
