/**
 * A fingerprint of every table: its row count and the newest row version's transaction id. Any
 * committed insert or update writes a row version with a newer id, a delete lowers the count, so
 * any write shows, even one that stores the same values again, without reading a row's contents.
 */
import type { Knex } from 'knex';

export type Fingerprint = Record<string, { rows: number; newest: string }>;

/** Every base table of the product and of graphile-worker (queued jobs are writes too). */
async function tables(knex: Knex): Promise<string[]> {
  const rows = await knex('information_schema.tables')
    .whereIn('table_schema', ['public', 'graphile_worker'])
    .where('table_type', 'BASE TABLE')
    .orderBy(['table_schema', 'table_name'])
    .select('table_schema', 'table_name');
  return rows.map((r: { table_schema: string; table_name: string }) => `"${r.table_schema}"."${r.table_name}"`);
}

export async function fingerprint(knex: Knex): Promise<Fingerprint> {
  const list = await tables(knex);
  const { rows } = await knex.raw(
    list
      .map(
        (table) =>
          `select '${table.replace(/'/g, "''")}' as name, count(*)::int as rows, coalesce(max(xmin::text::bigint), 0)::text as newest from ${table}`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(
    rows.map((r: { name: string; rows: number; newest: string }) => [r.name, { rows: r.rows, newest: r.newest }]),
  );
}

/** The tables whose rows or newest version differ, for a readable failure. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (table) => before[table]?.rows !== after[table]?.rows || before[table]?.newest !== after[table]?.newest,
  );
}
