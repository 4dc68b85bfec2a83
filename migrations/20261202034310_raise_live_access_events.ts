import type { Knex } from 'knex';

/**
 * Written by hand: what the schema cannot express, how an open live socket learns at once that its
 * person's access changed. A change of an admin's or company user's role or status, of a company's
 * type or status, the removal of such a person, or the end of a live session (sign-out, revocation)
 * inserts an `access` live event (topic 4) in the changing transaction, its subject the changed
 * row's id and its kind the row's table: every web process hears it when the change commits and
 * reads the sockets it concerns again (backend/features/live/access.ts). Expired sessions purged
 * later raise nothing: their sockets were closed when they expired.
 */
const TRIGGERS = [
  { name: 'admins_live_access', table: 'admins', kind: 'admin', columns: ['role', 'status'] },
  { name: 'company_users_live_access', table: 'company_users', kind: 'companyUser', columns: ['role', 'status', 'company_id'] },
  { name: 'companies_live_access', table: 'companies', kind: 'company', columns: ['company_type', 'status'] },
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function live_access_changed() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'DELETE' then
    insert into live_events (topic, subject_id, kind) values (4, old.id, 'access.' || tg_argv[0]);
  else
    insert into live_events (topic, subject_id, kind) values (4, new.id, 'access.' || tg_argv[0]);
  end if;
  return null;
end
$fn$`);
  for (const t of TRIGGERS) {
    const changed = t.columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
    await knex.raw(`create trigger ${t.name} after update of ${t.columns.join(', ')} on ${t.table}
      for each row when (${changed}) execute function live_access_changed('${t.kind}')`);
    await knex.raw(`create trigger ${t.name}_removed after delete on ${t.table}
      for each row execute function live_access_changed('${t.kind}')`);
  }
  await knex.raw(`create trigger sessions_live_access after delete on sessions
    for each row when (old.expires_at > now()) execute function live_access_changed('session')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists sessions_live_access on sessions');
  for (const t of TRIGGERS) {
    await knex.raw(`drop trigger if exists ${t.name}_removed on ${t.table}`);
    await knex.raw(`drop trigger if exists ${t.name} on ${t.table}`);
  }
  await knex.raw('drop function if exists live_access_changed()');
}
