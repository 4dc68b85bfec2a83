import type { Knex } from 'knex';

/**
 * Written by hand: a board event about a candidate the project's company's board does not show is raised as
 * `pipeline.<activity>.admins`, which reaches only the admins (backend/features/live/events.ts), as a note for admins
 * alone already was. The board shows the candidate when the company meets them (schema/rules/visibility.ts onBoardSql:
 * active, consent to be shown to companies not withdrawn) and, for a RaaS company (companies.company_type 4), when
 * their row is in a stage it sees (stageVisibleSql: shortlist, interviewing and rejected; interviewing2, offered and
 * placed once an interview was scheduled). A move out of such a stage (an admin's skip back to the longlist) still
 * reaches the RaaS company, whose board drops the candidate. So a RaaS company's open board no longer learns when
 * admins curate, add, longlist or write about candidates in the suggested tab and the longlist, nor a company's board
 * of activity about candidates who paused or withdrew their consent. Events about a whole project (no candidate) are
 * unchanged. The numbers are frozen here: stages (schema/rules/pipeline.ts STAGES), active status (CANDIDATE_STATUS),
 * the shownToCompanies consent purpose (CONSENT_PURPOSES) and the RaaS company type (schema/roles.ts COMPANY_TYPES).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function pipeline_activity_live() returns trigger language plpgsql as $fn$
begin
  insert into live_events (topic, subject_id, kind)
  select distinct 1, n.project_id,
         'pipeline.' || n.activity || case
           when n.data->>'visibility' = '1' then '.admins'
           when n.candidate_id is null then ''
           when coalesce(c.status = 1
             and not exists (select 1 from candidate_consents cw
                              where cw.candidate_id = c.id and cw.purpose = 2 and cw.granted = false)
             and (co.company_type is distinct from 4
                  or pc.stage in (2, 3, 6) or n.from_stage in (2, 3, 6)
                  or ((pc.stage in (7, 4, 5) or n.from_stage in (7, 4, 5)) and pc.interview_scheduled_at is not null)),
             false) then ''
           else '.admins' end
    from new_rows n
    left join projects p on p.id = n.project_id
    left join companies co on co.id = p.company_id
    left join candidates c on c.id = n.candidate_id
    left join project_candidates pc on pc.project_id = n.project_id and pc.candidate_id = n.candidate_id
   where n.project_id is not null;
  return null;
end
$fn$`);
}

export async function down(knex: Knex): Promise<void> {
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
