import type { Knex } from 'knex';

/**
 * Written by hand: a monthly partition ends where the next UTC month starts, whatever the session's
 * time zone. `ensure_month_partition` computed the end as `start + interval '1 month'` on a
 * timestamptz, which PostgreSQL adds in the session's zone: under Europe/London October ended at
 * 1 Nov 01:00 UTC and November then could not be created ("would overlap"), which stopped the daily
 * maintain_log_partitions job; under America/New_York March ended on 28 Mar. The end is now computed
 * on the UTC wall clock. Partitions already made with such bounds are given their UTC month: detached,
 * their rows outside it (and the default partition's rows inside it) set aside, attached again with
 * the right bounds, and the rows set aside written back through the parent.
 */
const ENSURE = (finish: string) => `
create or replace function ensure_month_partition(parent text, day timestamptz) returns text language plpgsql as $$
declare
  start timestamptz := date_trunc('month', day at time zone 'UTC') at time zone 'UTC';
  finish timestamptz := ${finish};
  name text := parent || '_' || to_char(start at time zone 'UTC', '"y"YYYY"m"MM');
  fallback text := parent || '_default';
  key text;
  waiting boolean := false;
begin
  if to_regclass(name) is not null then return name; end if;
  if to_regclass(fallback) is not null then
    select a.attname into key from pg_partitioned_table p
      join pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]
     where p.partrelid = parent::regclass;
    execute format('select exists (select 1 from %I where %I >= %L and %I < %L)', fallback, key, start, key, finish)
      into waiting;
  end if;
  if waiting then
    execute format('alter table %I detach partition %I', parent, fallback);
    execute format('create table %I partition of %I for values from (%L) to (%L)', name, parent, start, finish);
    execute format('with moved as (delete from %I where %I >= %L and %I < %L returning *) insert into %I select * from moved',
                   fallback, key, start, key, finish, parent);
    execute format('alter table %I attach partition %I default', parent, fallback);
    return name;
  end if;
  execute format('create table %I partition of %I for values from (%L) to (%L)', name, parent, start, finish);
  return name;
end $$`;

/** Every monthly partition (`<parent>_yYYYYmMM`) whose bounds are not its UTC month gets them. */
const REALIGN = `
do $$
declare
  parent record;
  names text[];
  starts timestamptz[];
  finishes timestamptz[];
  held text := 'realigned_month_rows';
begin
  for parent in
    select t.partrelid::regclass as rel, a.attname as key, d.relname as fallback
      from pg_partitioned_table t
      join pg_attribute a on a.attrelid = t.partrelid and a.attnum = t.partattrs[0]
      left join pg_class d on d.oid = t.partdefid
     where t.partstrat = 'r'
  loop
    select array_agg(m.child), array_agg(m.start), array_agg(m.finish) into names, starts, finishes
      from (
        select k.relname::text as child,
               make_timestamptz(s[1]::int, s[2]::int, 1, 0, 0, 0, 'UTC') as start,
               (make_timestamp(s[1]::int, s[2]::int, 1, 0, 0, 0) + interval '1 month') at time zone 'UTC' as finish,
               substring(pg_get_expr(k.relpartbound, k.oid) from 'FROM \\(''([^'']+)''\\)')::timestamptz as was_start,
               substring(pg_get_expr(k.relpartbound, k.oid) from 'TO \\(''([^'']+)''\\)')::timestamptz as was_finish
          from pg_inherits i
          join pg_class k on k.oid = i.inhrelid
          cross join lateral regexp_match(k.relname, '_y(\\d{4})m(\\d{2})$') s
         where i.inhparent = parent.rel and s is not null
      ) m
     where m.was_start is distinct from m.start or m.was_finish is distinct from m.finish;
    continue when names is null;
    execute format('create temp table %I on commit drop as select * from %s limit 0', held, parent.rel);
    for i in 1 .. array_length(names, 1) loop
      execute format('alter table %s detach partition %I', parent.rel, names[i]);
      execute format('with gone as (delete from %I where not (%I >= %L and %I < %L) returning *) insert into %I select * from gone',
                     names[i], parent.key, starts[i], parent.key, finishes[i], held);
      if parent.fallback is not null then
        execute format('with gone as (delete from %I where %I >= %L and %I < %L returning *) insert into %I select * from gone',
                       parent.fallback, parent.key, starts[i], parent.key, finishes[i], held);
      end if;
    end loop;
    -- Attached once all are detached: a neighbour's old bounds would overlap the new ones.
    for i in 1 .. array_length(names, 1) loop
      execute format('alter table %s attach partition %I for values from (%L) to (%L)', parent.rel, names[i], starts[i], finishes[i]);
    end loop;
    execute format('insert into %s select * from %I', parent.rel, held);
    execute format('drop table %I', held);
  end loop;
end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(ENSURE(`(date_trunc('month', day at time zone 'UTC') + interval '1 month') at time zone 'UTC'`));
  await knex.raw(REALIGN);
}

export async function down(knex: Knex): Promise<void> {
  // The bounds the partitions now have are right in every zone: only the function goes back.
  await knex.raw(ENSURE(`start + interval '1 month'`));
}
