import type { Knex } from 'knex';

/**
 * Written by hand: a monthly-partitioned log gets a DEFAULT partition, `<table>_default`, so a late
 * or backdated row (a month before the database was made, or past the months created ahead) is
 * written instead of failing with "no partition of relation". `ensure_month_partition` now moves
 * the rows the default partition holds for a month into that month's new partition (PostgreSQL
 * refuses to create a partition whose rows sit in the default one), and the maintain_log_partitions
 * job gives such rows their month or drops them past retention (backend/db/partitions.ts).
 */
const TABLE = 'candidate_search_or_view_logs';

const ENSURE = (movesFromDefault: boolean) => `
create or replace function ensure_month_partition(parent text, day timestamptz) returns text language plpgsql as $$
declare
  start timestamptz := date_trunc('month', day at time zone 'UTC') at time zone 'UTC';
  name text := parent || '_' || to_char(start at time zone 'UTC', '"y"YYYY"m"MM');
  ${
    movesFromDefault
      ? `fallback text := parent || '_default';
  key text;
  waiting boolean := false;`
      : ''
  }
begin
  if to_regclass(name) is not null then return name; end if;
  ${
    movesFromDefault
      ? `if to_regclass(fallback) is not null then
    select a.attname into key from pg_partitioned_table p
      join pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]
     where p.partrelid = parent::regclass;
    execute format('select exists (select 1 from %I where %I >= %L and %I < %L)', fallback, key, start, key, start + interval '1 month')
      into waiting;
  end if;
  if waiting then
    execute format('alter table %I detach partition %I', parent, fallback);
    execute format('create table %I partition of %I for values from (%L) to (%L)', name, parent, start, start + interval '1 month');
    execute format('with moved as (delete from %I where %I >= %L and %I < %L returning *) insert into %I select * from moved',
                   fallback, key, start, key, start + interval '1 month', parent);
    execute format('alter table %I attach partition %I default', parent, fallback);
    return name;
  end if;`
      : ''
  }
  execute format('create table %I partition of %I for values from (%L) to (%L)', name, parent, start, start + interval '1 month');
  return name;
end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(ENSURE(true));
  await knex.raw(`create table if not exists ${TABLE}_default partition of ${TABLE} default`);
}

export async function down(knex: Knex): Promise<void> {
  // Rows the default partition holds get their months first, so dropping it loses nothing.
  await knex.raw(`
    select ensure_month_partition('${TABLE}', m)
    from (select distinct date_trunc('month', created_at at time zone 'UTC') at time zone 'UTC' m from ${TABLE}_default) months`);
  await knex.raw(`drop table if exists ${TABLE}_default`);
  await knex.raw(ENSURE(false));
}
