import type { Knex } from 'knex';

/**
 * Written by hand: a change to a candidate raises the board event of every project where they have a pipeline row,
 * as the pipeline's activity log does for moves (20261127131800): the event says nothing of the candidate, each open
 * board asks the API again. What raises it, whoever writes it:
 *   - their search document moving in what a board shows or filters on (status: a pause; visibility, anonymity, name,
 *     title, experience, skills, location, salary...): its statement trigger fires once per refresh, which runs once
 *     per transaction for every candidate it touched (20261123011014), so a bulk status change of thousands of
 *     candidates raises one event per project; a refresh of popularity alone, of the salary in SGD a new currency
 *     rate moves, or of the completeness score (no board shows it), raises nothing;
 *   - their photo changing (not in the search document);
 *   - their consent to be shown to companies withdrawn or given again;
 *   - a pipeline row taken by another profile (a merge, its undo), or deleted (a merge's two rows of one project).
 * As the activity trigger does (20261205075654), an event about candidates a project's company board shows neither
 * before nor after the change is raised `pipeline.candidate.admins`, which reaches only the admins: a company's board
 * reloads when a candidate it shows pauses, withdraws or changes, not when a paused one edits their profile. The
 * numbers are frozen here: active status 1 (CANDIDATE_STATUS), the shownToCompanies consent purpose 2
 * (CONSENT_PURPOSES), the RaaS company type 4 (COMPANY_TYPES) and the stages it sees (RAAS_STAGES).
 */
const SHOWN_STAGE = (pc: string) =>
  `(co.company_type is distinct from 4 or ${pc}.stage in (2, 3, 6) or (${pc}.stage in (7, 4, 5) and ${pc}.interview_scheduled_at is not null))`;
const NOT_WITHDRAWN = (id: string) =>
  `not exists (select 1 from candidate_consents w where w.candidate_id = ${id} and w.purpose = 2 and w.granted = false)`;
const KIND = (shown: string) => `'pipeline.candidate' || case when ${shown} then '' else '.admins' end`;
/**
 * Columns of a search document no board shows: they change without its candidate changing (popularity, the salary in
 * SGD a new rate moves), or follow what the photo trigger already told (completeness).
 */
const UNSHOWN = `'{updated_at,popularity,salary_sgd,completeness,completeness_withheld}'::text[]`;

export async function up(knex: Knex): Promise<void> {
  // One event per project holding any of `ids`; for the company too when one of `met` is on its board in that row.
  await knex.raw(`create or replace function candidate_board_live(ids integer[], met integer[]) returns void
    language sql as $fn$
  insert into live_events (topic, subject_id, kind)
  select 1, pc.project_id, ${KIND(`bool_or(pc.candidate_id = any(met) and ${SHOWN_STAGE('pc')})`)}
    from project_candidates pc
    join projects p on p.id = pc.project_id
    left join companies co on co.id = p.company_id
   where pc.candidate_id = any(ids)
   group by pc.project_id
   order by pc.project_id
$fn$`);
  await knex.raw(`create or replace function candidate_documents_live() returns trigger language plpgsql as $fn$
declare
  changed integer[];
  met integer[];
begin
  select coalesce(array_agg(n.id), '{}'),
         coalesce(array_agg(n.id) filter (where (o.status = 1 or n.status = 1) and ${NOT_WITHDRAWN('n.id')}), '{}')
    into changed, met
    from new_rows n join old_rows o on o.id = n.id
   where (to_jsonb(n) - ${UNSHOWN}) is distinct from (to_jsonb(o) - ${UNSHOWN});
  if cardinality(changed) > 0 then
    perform candidate_board_live(changed, met);
  end if;
  return null;
end
$fn$`);
  await knex.raw(`create trigger candidate_search_documents_live after update on candidate_search_documents
    referencing old table as old_rows new table as new_rows for each statement execute function candidate_documents_live()`);
  await knex.raw(`create or replace function candidate_picture_live() returns trigger language plpgsql as $fn$
begin
  perform candidate_board_live(array[new.id],
    case when new.status = 1 and ${NOT_WITHDRAWN('new.id')} then array[new.id] else '{}'::integer[] end);
  return null;
end
$fn$`);
  await knex.raw(`create trigger candidates_picture_live after update of profile_pic on candidates
    for each row when (old.profile_pic is distinct from new.profile_pic) execute function candidate_picture_live()`);
  // A withdrawal (or its return) of the consent to be shown to companies: the candidate leaves (or comes back to) boards.
  await knex.raw(`create or replace function candidate_consents_live() returns trigger language plpgsql as $fn$
declare
  changed integer[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.candidate_id) into changed from new_rows n where n.purpose = 2 and not n.granted;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.candidate_id) into changed from old_rows o where o.purpose = 2 and not o.granted;
  else
    select array_agg(distinct n.candidate_id) into changed
      from new_rows n join old_rows o on o.id = n.id
     where n.purpose = 2 and (o.granted is distinct from n.granted or o.candidate_id is distinct from n.candidate_id);
  end if;
  if changed is not null then
    perform candidate_board_live(changed, array(select c.id from candidates c where c.id = any(changed) and c.status = 1));
  end if;
  return null;
end
$fn$`);
  for (const [op, referencing] of [
    ['insert', 'referencing new table as new_rows'],
    ['update', 'referencing old table as old_rows new table as new_rows'],
    ['delete', 'referencing old table as old_rows'],
  ])
    await knex.raw(`create trigger candidate_consents_live_${op} after ${op} on candidate_consents ${referencing}
      for each statement execute function candidate_consents_live()`);
  // A row taken by another profile (merge, undo): rare, one row per project, so per row.
  await knex.raw(`create or replace function pipeline_row_moved_live() returns trigger language plpgsql as $fn$
begin
  insert into live_events (topic, subject_id, kind)
  select 1, p.id, ${KIND(`coalesce(exists (select 1 from candidates c where c.id in (old.candidate_id, new.candidate_id)
                                         and c.status = 1 and ${NOT_WITHDRAWN('c.id')}) and ${SHOWN_STAGE('new')}, false)`)}
    from projects p left join companies co on co.id = p.company_id
   where p.id = new.project_id;
  return null;
end
$fn$`);
  await knex.raw(`create trigger project_candidates_moved_live after update of candidate_id on project_candidates
    for each row when (old.candidate_id is distinct from new.candidate_id) execute function pipeline_row_moved_live()`);
  // Rows deleted: one event per project still there (a deleted project's rows tell nobody). A deleted candidate (their
  // rows go with them) counts as shown where their stage was: what the board showed of them is gone.
  await knex.raw(`create or replace function pipeline_rows_deleted_live() returns trigger language plpgsql as $fn$
begin
  insert into live_events (topic, subject_id, kind)
  select 1, o.project_id,
         ${KIND(`bool_or(coalesce(c.id is null or c.status = 1 and ${NOT_WITHDRAWN('c.id')}, false) and ${SHOWN_STAGE('o')})`)}
    from old_rows o
    join projects p on p.id = o.project_id
    left join companies co on co.id = p.company_id
    left join candidates c on c.id = o.candidate_id
   group by o.project_id
   order by o.project_id;
  return null;
end
$fn$`);
  await knex.raw(`create trigger project_candidates_deleted_live after delete on project_candidates
    referencing old table as old_rows for each statement execute function pipeline_rows_deleted_live()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists project_candidates_deleted_live on project_candidates');
  await knex.raw('drop function if exists pipeline_rows_deleted_live()');
  await knex.raw('drop trigger if exists project_candidates_moved_live on project_candidates');
  await knex.raw('drop function if exists pipeline_row_moved_live()');
  for (const op of ['insert', 'update', 'delete'])
    await knex.raw(`drop trigger if exists candidate_consents_live_${op} on candidate_consents`);
  await knex.raw('drop function if exists candidate_consents_live()');
  await knex.raw('drop trigger if exists candidates_picture_live on candidates');
  await knex.raw('drop function if exists candidate_picture_live()');
  await knex.raw('drop trigger if exists candidate_search_documents_live on candidate_search_documents');
  await knex.raw('drop function if exists candidate_documents_live()');
  await knex.raw('drop function if exists candidate_board_live(integer[], integer[])');
}
