/**
 * A merge's journal (kept in candidate_merges, read back by undo.ts): the two profiles as they were,
 * and every row of another table the merge removed, moved, changed or added. The rows of the other
 * tables are journaled whole, whatever their table (each one naming a profile: a pipeline row, a
 * match result, a consent, a row found through the foreign keys, references.ts); never the
 * profiles' own table, whose two rows the merge reads through the candidate gate (`storedRows`) and
 * keeps as `survivorBefore` and `merged`.
 */
import type { Knex } from 'knex';

type Json = Record<string, unknown>;

export interface Journal {
  survivorBefore: Json;
  merged: Json;
  removed: { table: string; rows: Json[] }[];
  /** Rows whose `column` was `from` before the merge. */
  moved: { table: string; column: string; ids: number[]; from: number }[];
  changed: { table: string; rows: Json[] }[];
  /** Rows the merge inserted (an undo deletes them); absent from journals written before it inserted any. */
  added?: { table: string; ids: number[] }[];
}

/** The `r` column (one JSON value a row) of the statement's rows. */
export const rowsOf = async (trx: Knex.Transaction, sql: string, bindings: readonly Knex.RawBinding[]) =>
  ((await trx.raw(sql, bindings)).rows as { r: Json }[]).map((x) => x.r);

/**
 * The journal's two writers, over any table naming a profile: `remove` deletes the rows of `table`
 * (alias `t`) where `where` holds and journals them whole; `change` journals the rows `ids` of
 * `table` as they are, before the merge changes them.
 */
export function journalWriters(trx: Knex.Transaction, journal: Journal) {
  const remove = async (table: string, where: string, bindings: readonly Knex.RawBinding[]) => {
    const rows = await rowsOf(trx, `delete from ${table} t where ${where} returning to_jsonb(t) as r`, bindings);
    if (rows.length) journal.removed.push({ table, rows });
    return rows;
  };
  const change = async (table: string, ids: number[]) => {
    if (!ids.length) return;
    journal.changed.push({
      table,
      rows: await rowsOf(trx, `select to_jsonb(t) as r from ${table} t where id = any(?::int[])`, [ids]),
    });
  };
  return { remove, change };
}
