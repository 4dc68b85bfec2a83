import type { Knex } from 'knex';

/**
 * Written by hand: what the schema cannot express, how live events reach every web process.
 *
 * live_events counts past 2^31 over the years (every board change and chat message is one), so its
 * id is a bigint. Each inserted row is announced with pg_notify on the channel 'live_events', its id
 * as the payload: the notification is delivered when the transaction commits, and never if it rolls
 * back, so a process is told only of events it can read. The pipeline's activity log (moves, notes,
 * reveals, interview answers, curation), whoever writes it (an API process or the worker), raises one
 * project event per project and statement, which keeps every open board live without the capability
 * having to remember it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table live_events alter column id type bigint');
  await knex.raw('alter sequence live_events_id_seq as bigint');
  await knex.raw(`create or replace function live_events_notify() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('live_events', new.id::text);
  return null;
end
$fn$`);
  await knex.raw('create trigger live_events_notify after insert on live_events for each row execute function live_events_notify()');
  await knex.raw(`create or replace function pipeline_activity_live() returns trigger language plpgsql as $fn$
begin
  insert into live_events (topic, subject_id, kind)
  select distinct 1, n.project_id, 'pipeline.' || n.activity from new_rows n where n.project_id is not null;
  return null;
end
$fn$`);
  await knex.raw(`create trigger candidate_recruitment_stage_logs_live after insert on candidate_recruitment_stage_logs
    referencing new table as new_rows for each statement execute function pipeline_activity_live()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists candidate_recruitment_stage_logs_live on candidate_recruitment_stage_logs');
  await knex.raw('drop function if exists pipeline_activity_live()');
  await knex.raw('drop trigger if exists live_events_notify on live_events');
  await knex.raw('drop function if exists live_events_notify()');
  await knex.raw('alter sequence live_events_id_seq as integer');
  await knex.raw('alter table live_events alter column id type integer');
}
