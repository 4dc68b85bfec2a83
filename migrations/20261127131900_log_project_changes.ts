import type { Knex } from 'knex';

/**
 * Written by hand: what the schema cannot express, how project_logs is written.
 *
 * A row trigger on projects logs the creation (with the first status, advocate and owning admin)
 * and every change of status, advocate_id and owner_admin_id, whichever code path wrote it. The
 * acting user is read from the transaction-local setting `app.actor` ("<kind>:<id>", set by
 * setProjectActor in backend/features/dashboards/projectActor.ts); changes made by the system
 * (a company put on hold, a plan lapsing) leave it empty. Existing projects get their creation row.
 */

const LOG = `
create or replace function project_log_changes() returns trigger language plpgsql as $fn$
declare
  who text := nullif(current_setting('app.actor', true), '');
  a_kind smallint := case when who is null then null else split_part(who, ':', 1)::smallint end;
  a_id integer := case when who is null then null else split_part(who, ':', 2)::integer end;
begin
  if tg_op = 'INSERT' then
    insert into project_logs (project_id, company_id, kind, to_value, actor_kind, actor_id, created_at)
    values (new.id, new.company_id, 1, new.status, a_kind, a_id, new.created_at);
    if new.advocate_id is not null then
      insert into project_logs (project_id, company_id, kind, to_value, actor_kind, actor_id, created_at)
      values (new.id, new.company_id, 3, new.advocate_id, a_kind, a_id, new.created_at);
    end if;
    if new.owner_admin_id is not null then
      insert into project_logs (project_id, company_id, kind, to_value, actor_kind, actor_id, created_at)
      values (new.id, new.company_id, 4, new.owner_admin_id, a_kind, a_id, new.created_at);
    end if;
    return null;
  end if;
  if new.status is distinct from old.status then
    insert into project_logs (project_id, company_id, kind, from_value, to_value, actor_kind, actor_id)
    values (new.id, new.company_id, 2, old.status, new.status, a_kind, a_id);
  end if;
  if new.advocate_id is distinct from old.advocate_id then
    insert into project_logs (project_id, company_id, kind, from_value, to_value, actor_kind, actor_id)
    values (new.id, new.company_id, 3, old.advocate_id, new.advocate_id, a_kind, a_id);
  end if;
  if new.owner_admin_id is distinct from old.owner_admin_id then
    insert into project_logs (project_id, company_id, kind, from_value, to_value, actor_kind, actor_id)
    values (new.id, new.company_id, 4, old.owner_admin_id, new.owner_admin_id, a_kind, a_id);
  end if;
  return null;
end
$fn$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(LOG);
  await knex.raw('create trigger projects_log_insert after insert on projects for each row execute function project_log_changes()');
  await knex.raw(
    'create trigger projects_log_update after update of status, advocate_id, owner_admin_id on projects for each row execute function project_log_changes()',
  );
  await knex.raw(`insert into project_logs (project_id, company_id, kind, to_value, created_at) select id, company_id, 1, status, created_at from projects`);
  await knex.raw(
    `insert into project_logs (project_id, company_id, kind, to_value, created_at) select id, company_id, 3, advocate_id, created_at from projects where advocate_id is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists projects_log_update on projects');
  await knex.raw('drop trigger if exists projects_log_insert on projects');
  await knex.raw('drop function if exists project_log_changes()');
}
