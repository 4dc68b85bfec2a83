/**
 * A fingerprint of every table: its row count and the newest row version's transaction id. Any
 * committed insert or update writes a row version with a newer id, a delete lowers the count, so
 * any write shows, even one that stores the same values again, without reading a row's contents.
 * watchTables reads every table again only once PostgreSQL has handed out a transaction id: no row
 * is written without one, so while the next id has not moved, nothing can have changed.
 */
import type { Knex } from 'knex';

type Fingerprint = Record<string, { rows: number; newest: string }>;

/** Every base table of the product and of graphile-worker (queued jobs are writes too). */
async function tables(knex: Knex): Promise<string[]> {
  const rows = await knex('information_schema.tables')
    .whereIn('table_schema', ['public', 'graphile_worker'])
    .where('table_type', 'BASE TABLE')
    .orderBy(['table_schema', 'table_name'])
    .select('table_schema', 'table_name');
  return rows.map((r: { table_schema: string; table_name: string }) => `"${r.table_schema}"."${r.table_name}"`);
}

async function fingerprint(knex: Knex): Promise<Fingerprint> {
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

/** The id PostgreSQL will give the next transaction that writes. */
async function nextTransactionId(knex: Knex): Promise<string> {
  return (await knex.raw('select pg_snapshot_xmax(pg_current_snapshot())::text as id')).rows[0].id;
}

/**
 * Watches every table: each `changed()` names the tables written since the watch began or since the
 * last call. The tables are counted again only when a transaction id was handed out in between.
 */
export async function watchTables(knex: Knex): Promise<{ changed(): Promise<string[]> }> {
  let id = await nextTransactionId(knex);
  let last = await fingerprint(knex);
  return {
    async changed() {
      const now = await nextTransactionId(knex);
      if (now === id) return [];
      const next = await fingerprint(knex);
      const written = changedTables(last, next);
      [id, last] = [now, next];
      return written;
    },
  };
}

/** The tables whose rows or newest version differ, for a readable failure. */
function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (table) => before[table]?.rows !== after[table]?.rows || before[table]?.newest !== after[table]?.newest,
  );
}
