/** A fingerprint of every table's contents: row counts and a checksum that changes with any written value. */
import type { Knex } from 'knex';

export type Fingerprint = Record<string, { rows: number; checksum: string }>;

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
  const out: Fingerprint = {};
  for (const table of await tables(knex)) {
    const [row] = (
      await knex.raw(
        `select count(*)::int as rows, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as checksum from ${table} t`,
      )
    ).rows;
    out[table] = row;
  }
  return out;
}

/** The tables whose rows or checksum differ, for a readable failure. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (table) => before[table]?.rows !== after[table]?.rows || before[table]?.checksum !== after[table]?.checksum,
  );
}
