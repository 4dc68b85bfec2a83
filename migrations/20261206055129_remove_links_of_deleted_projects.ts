import type { Knex } from 'knex';

/**
 * Written by hand: what the schema cannot express, that a project's job link goes with the project.
 *
 * integration_links.local_id names a project (local_kind 1) or a project candidate (local_kind 2), so it can carry no
 * foreign key. A statement trigger on projects deletes the job links of the projects a delete removed, in its
 * transaction, whichever path deleted them (the bulk DELETE /projects, the console's DELETE /projects/:id, a company's
 * deletion by cascade): a deleted project's link kept its job from ever being linked again. It finds them through
 * the integrations, so each probe uses the links' unique index (integration_id, local_kind, local_id). A project
 * candidate's link stays: the candidate's erasure finds the person the product made in the ATS by it
 * (dataRights/erase.ts). Links of projects already gone are deleted.
 *
 * Stamped one second before 20261206055130_unique_integration_project_links on purpose: a database that has not run
 * that one yet runs this first, so its "newest link of a job stays" never keeps a deleted project's link over a live
 * project's (knex runs every pending migration in name order, and one that sorts before an applied one as well).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function integration_links_forget_projects() returns trigger language plpgsql as $fn$
begin
  delete from integration_links l using integrations i, gone_projects g
    where l.integration_id = i.id and l.local_kind = 1 and l.local_id = g.id;
  return null;
end
$fn$`);
  await knex.raw(`create trigger projects_forget_integration_links after delete on projects
    referencing old table as gone_projects for each statement execute function integration_links_forget_projects()`);
  await knex.raw(
    `delete from integration_links l where l.local_kind = 1 and not exists (select 1 from projects p where p.id = l.local_id)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists projects_forget_integration_links on projects');
  await knex.raw('drop function if exists integration_links_forget_projects()');
}
