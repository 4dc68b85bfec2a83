/**
 * Monthly partitions of the logs declared `partitionedBy` (schema/lib/types.ts): created ahead of
 * the rows that will need them, and dropped whole once past what must be kept. Partitions are named
 * `<table>_yYYYYmMM` after their UTC month and created by the database's `ensure_month_partition`
 * (migration partition_search_and_view_logs_by_month), so a migration and this code make the same.
 * Each table also has a DEFAULT partition, `<table>_default`, that takes a late or backdated row
 * whose month has no partition; this job gives those rows their month, or drops them past retention.
 */
import type { Knex } from 'knex';
import { columnOf, entities } from '../../schema';

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

/** The partition that takes rows whose month has none (migration default_partition_for_monthly_logs). */
export const defaultPartition = (table: string): string => `${table}_default`;

/**
 * Creates this month's partition and the next MONTHS_AHEAD ones, gives the rows of the default
 * partition their months (deleting those before `keepFrom`), and drops every partition whose whole
 * month ends on or before `keepFrom` (a UTC date). Returns what it created and dropped.
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
  const field = entities.find((e) => e.table === table)?.partitionedBy?.field;
  if (!field) throw new Error(`${table} is not partitioned by month`);
  const column = columnOf(field);
  const fallback = defaultPartition(table);
  // keepFrom is '0000-01-01' (keep everything) until the rollup first runs: PostgreSQL has no year 0.
  if (keepFrom > '0001') await knex(fallback).where(column, '<', keepFrom).delete();
  const moved = await knex.raw(
    `select ensure_month_partition(?, m) as name
       from (select distinct date_trunc('month', ?? at time zone 'UTC') at time zone 'UTC' m from ??) months`,
    [table, column, fallback],
  );
  const created = [...(rows as { name: string }[]), ...(moved.rows as { name: string }[])]
    .map((r) => r.name)
    .filter((n, i, all) => !before.has(n) && all.indexOf(n) === i);
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
