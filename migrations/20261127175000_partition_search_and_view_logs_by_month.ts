import type { Knex } from 'knex';

/**
 * Written by hand (the generator does not partition): candidate_search_or_view_logs becomes a
 * table range-partitioned by month on created_at (UTC months), with a bigint id, its rows copied
 * with their ids. `ensure_month_partition(parent, day)` creates the month's partition when it is
 * missing; this migration creates every month from the oldest row to three months ahead, and the
 * maintain_log_partitions job keeps creating them ahead and drops those past their retention.
 */
const TABLE = 'candidate_search_or_view_logs';
const OLD = `${TABLE}_unpartitioned`;
const INDEXES = [
  ['candidate_search_or_view_logs_project_id_index', '"project_id"'],
  ['candidate_search_or_view_logs_company_id_index', '"company_id"'],
  ['candidate_search_or_view_logs_candidate_id_kind_created_at_inde', '"candidate_id", "kind", "created_at"'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function ensure_month_partition(parent text, day timestamptz) returns text language plpgsql as $$
    declare
      start timestamptz := date_trunc('month', day at time zone 'UTC') at time zone 'UTC';
      name text := parent || '_' || to_char(start at time zone 'UTC', '"y"YYYY"m"MM');
    begin
      if to_regclass(name) is null then
        execute format('create table %I partition of %I for values from (%L) to (%L)', name, parent, start, start + interval '1 month');
      end if;
      return name;
    end $$`);
  for (const [name] of INDEXES) await knex.raw(`drop index if exists "${name}"`);
  await knex.raw(`alter table ${TABLE} rename to ${OLD}`);
  await knex.raw(`alter table ${OLD} rename constraint ${TABLE}_pkey to ${OLD}_pkey`);
  await knex.raw(`alter sequence ${TABLE}_id_seq rename to ${OLD}_id_seq`);
  await knex.raw(`
    create table ${TABLE} (
      id bigserial not null,
      candidate_id integer not null constraint ${TABLE}_candidate_id_foreign references candidates (id) on delete cascade,
      kind smallint not null,
      project_id integer,
      actor_kind smallint not null,
      actor_id integer not null,
      company_id integer constraint ${TABLE}_company_id_foreign references companies (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (id, created_at)
    ) partition by range (created_at)`);
  await knex.raw(`
    select ensure_month_partition('${TABLE}', month)
    from generate_series(date_trunc('month', coalesce((select min(created_at) from ${OLD}), now()) at time zone 'UTC') at time zone 'UTC',
                         now() + interval '3 months', interval '1 month') month`);
  await knex.raw(`insert into ${TABLE} select * from ${OLD}`);
  await knex.raw(`select setval('${TABLE}_id_seq', greatest((select max(id) from ${TABLE}), 1))`);
  await knex.raw(`drop table ${OLD}`);
  for (const [name, columns] of INDEXES) await knex.raw(`create index "${name}" on "${TABLE}" using btree (${columns})`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter table ${TABLE} rename to ${OLD}`);
  for (const [name] of INDEXES) await knex.raw(`drop index if exists "${name}"`);
  await knex.raw(`alter table ${OLD} rename constraint ${TABLE}_pkey to ${OLD}_pkey`);
  await knex.raw(`alter sequence ${TABLE}_id_seq rename to ${OLD}_id_seq`);
  await knex.raw(`
    create table ${TABLE} (
      id serial primary key,
      candidate_id integer not null constraint ${TABLE}_candidate_id_foreign references candidates (id) on delete cascade,
      kind smallint not null,
      project_id integer,
      actor_kind smallint not null,
      actor_id integer not null,
      company_id integer constraint ${TABLE}_company_id_foreign references companies (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw(`insert into ${TABLE} select * from ${OLD}`);
  await knex.raw(`select setval('${TABLE}_id_seq', greatest((select max(id) from ${TABLE}), 1))`);
  await knex.raw(`drop table ${OLD} cascade`);
  await knex.raw('drop function if exists ensure_month_partition(text, timestamptz)');
  for (const [name, columns] of INDEXES) await knex.raw(`create index "${name}" on "${TABLE}" using btree (${columns})`);
}
