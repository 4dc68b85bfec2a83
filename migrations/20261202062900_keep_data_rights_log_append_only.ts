import type { Knex } from 'knex';

/**
 * Written by hand: the data rights log is append-only. PostgreSQL itself refuses an update or a
 * delete of its rows (and a truncate), whoever asks, so no code path can rewrite what was recorded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function data_rights_logs_append_only() returns trigger language plpgsql as $fn$
begin
  raise exception 'data_rights_logs is append-only' using errcode = 'insufficient_privilege';
end
$fn$`);
  await knex.raw(`create trigger data_rights_logs_append_only before update or delete on data_rights_logs
    for each row execute function data_rights_logs_append_only()`);
  await knex.raw(`create trigger data_rights_logs_no_truncate before truncate on data_rights_logs
    for each statement execute function data_rights_logs_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists data_rights_logs_no_truncate on data_rights_logs');
  await knex.raw('drop trigger if exists data_rights_logs_append_only on data_rights_logs');
  await knex.raw('drop function if exists data_rights_logs_append_only()');
}
