import type { Knex } from 'knex';

/**
 * Written by hand: a board event of activity only admins may read (a note written for admins alone) is raised with
 * the kind `pipeline.<activity>.admins`, which reaches only those who may read such a note
 * (backend/features/live/events.ts): a company's open board no longer learns when admins write to each other.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function pipeline_activity_live() returns trigger language plpgsql as $fn$
begin
  insert into live_events (topic, subject_id, kind)
  select distinct 1, n.project_id,
         'pipeline.' || n.activity || case when n.data->>'visibility' = '1' then '.admins' else '' end
    from new_rows n where n.project_id is not null;
  return null;
end
$fn$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function pipeline_activity_live() returns trigger language plpgsql as $fn$
begin
  insert into live_events (topic, subject_id, kind)
  select distinct 1, n.project_id, 'pipeline.' || n.activity from new_rows n where n.project_id is not null;
  return null;
end
$fn$`);
}
