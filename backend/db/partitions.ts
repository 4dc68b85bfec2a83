/**
 * Monthly partitions of the logs declared `partitionedBy` (schema/lib/types.ts): created ahead of
 * the rows that will need them, and dropped whole once past what must be kept. Partitions are named
 * `<table>_yYYYYmMM` after their UTC month and created by the database's `ensure_month_partition`
 * (migration partition_search_and_view_logs_by_month), so a migration and this code make the same.
 */
import type { Knex } from 'knex';
import { entities } from '../../schema';

/** Months created ahead of today, so a write never finds its month missing while the job is late. */
export const MONTHS_AHEAD = 3;

export const partitionedTables = (): string[] => entities.filter((e) => e.partitionedBy).map((e) => e.table);

const monthOf = (table: string, name: string): string | null => {
  const m = new RegExp(`^${table}_y(\\d{4})m(\\d{2})$`).exec(name);
  return m ? `${m[1]}-${m[2]}-01` : null;
};

/** Each partition of `table` with the first day of its month (YYYY-MM-01), oldest first. */
export async function monthlyPartitions(knex: Knex, table: string): Promise<{ name: string; month: string }[]> {
  const names: string[] = await knex('pg_inherits')
    .join('pg_class', 'pg_class.oid', 'pg_inherits.inhrelid')
    .whereRaw('pg_inherits.inhparent = ?::regclass', [table])
    .pluck('pg_class.relname');
  return names
    .map((name) => ({ name, month: monthOf(table, name) }))
    .filter((p): p is { name: string; month: string } => p.month !== null)
    .sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * Creates this month's partition and the next MONTHS_AHEAD ones, and drops every partition whose
 * whole month ends on or before `keepFrom` (a UTC date). Returns what it created and dropped.
 */
export async function maintainPartitions(
  knex: Knex,
  table: string,
  keepFrom: string,
): Promise<{ created: string[]; dropped: string[] }> {
  const before = new Set((await monthlyPartitions(knex, table)).map((p) => p.name));
  const { rows } = await knex.raw(
    `select ensure_month_partition(?, now() + make_interval(months => k)) as name from generate_series(0, ?) k`,
    [table, MONTHS_AHEAD],
  );
  const created = (rows as { name: string }[]).map((r) => r.name).filter((n) => !before.has(n));
  const dropped: string[] = [];
  for (const p of await monthlyPartitions(knex, table)) {
    const end = new Date(`${p.month}T00:00:00Z`);
    end.setUTCMonth(end.getUTCMonth() + 1);
    if (end.toISOString().slice(0, 10) > keepFrom) break;
    await knex.raw('drop table ??', [p.name]);
    dropped.push(p.name);
  }
  return { created, dropped };
}
