import type { Knex } from 'knex';

/**
 * Written by hand, beside 20261207143507 (a change to a candidate raises their boards' bare project event):
 *   - a new search document raises it too: a profile that comes back (a merge's undo, backend/features/duplicates/
 *     undo.ts, inserts the merged profile again with its pipeline rows the merge deleted) is on the boards of the
 *     projects that hold it again. The refresh that writes the document runs once per transaction (20261123011014),
 *     so each project holding any restored row hears once; a profile just created holds no row and raises nothing;
 *   - a candidate in a saved-search project's Suggested tab only through its saved filters (no pipeline row) is on no
 *     board the triggers above know of. Their change (a document moving in what a board shows, a consent to be shown
 *     to companies withdrawn or given again) queues one `suggested_live` job per statement, only while some project
 *     has a saved search (backend/features/pipeline/suggestedLive.ts asks every such project's filters of the changed
 *     candidates at once, as the alerts' run does). The documents as they were before the change ride in the job (a
 *     profile edited out of a search, or hidden from a company's, left the tab too), for at most
 *     BEFORE_CAP candidates: a larger statement (a bulk import or status change) asks for every saved-search project's
 *     event instead. All ENABLE ALWAYS, as 20261207161500 says why.
 */
const UNSHOWN = `'{updated_at,popularity,salary_sgd,completeness,completeness_withheld}'::text[]`;
const NOT_WITHDRAWN = (id: string) =>
  `not exists (select 1 from candidate_consents w where w.candidate_id = ${id} and w.purpose = 2 and w.granted = false)`;
const BEFORE_CAP = 100;

const TRIGGERS: [table: string, trigger: string, sql: string][] = [
  [
    'candidate_search_documents',
    'candidate_search_documents_inserted_live',
    `after insert on candidate_search_documents referencing new table as new_rows
     for each statement execute function candidate_documents_inserted_live()`,
  ],
  [
    'candidate_search_documents',
    'candidate_search_documents_suggested_live',
    `after update on candidate_search_documents referencing old table as old_rows new table as new_rows
     for each statement execute function candidate_documents_suggested_live()`,
  ],
  [
    'candidate_consents',
    'candidate_consents_suggested_live',
    `after insert or update or delete on candidate_consents for each row
     execute function candidate_consents_suggested_live()`,
  ],
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function candidate_documents_inserted_live() returns trigger language plpgsql as $fn$
declare
  added integer[];
  met integer[];
begin
  select coalesce(array_agg(n.id), '{}'),
         coalesce(array_agg(n.id) filter (where n.status = 1 and ${NOT_WITHDRAWN('n.id')}), '{}')
    into added, met from new_rows n;
  if cardinality(added) > 0 then
    perform candidate_board_live(added, met);
    perform suggested_live_queue(added, '[]'::jsonb);
  end if;
  return null;
end
$fn$`);
  // One job per statement, only while a project has a saved search; the documents before, or everything when many.
  await knex.raw(`create or replace function suggested_live_queue(ids integer[], before jsonb) returns void
    language plpgsql as $fn$
begin
  if to_regnamespace('graphile_worker') is null
     or not exists (select 1 from projects p where p.current_url is not null) then
    return;
  end if;
  perform graphile_worker.add_job('suggested_live',
    case when cardinality(ids) > ${BEFORE_CAP}
         then json_build_object('candidateIds', '[]'::json, 'before', '[]'::json, 'all', true)
         else json_build_object('candidateIds', to_json(ids), 'before', before, 'all', false) end,
    max_attempts := 3);
end
$fn$`);
  await knex.raw(`create or replace function candidate_documents_suggested_live() returns trigger language plpgsql as $fn$
declare
  changed integer[];
  before jsonb;
begin
  select coalesce(array_agg(n.id), '{}'),
         coalesce(jsonb_agg(to_jsonb(o)), '[]')
    into changed, before
    from new_rows n join old_rows o on o.id = n.id
   where (to_jsonb(n) - ${UNSHOWN}) is distinct from (to_jsonb(o) - ${UNSHOWN});
  if cardinality(changed) > 0 then
    perform suggested_live_queue(changed, case when cardinality(changed) > ${BEFORE_CAP} then '[]'::jsonb else before end);
  end if;
  return null;
end
$fn$`);
  // Consents change one by one (a person's choice, a merge's few rows): per row, only the purpose boards read.
  await knex.raw(`create or replace function candidate_consents_suggested_live() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'INSERT' and new.purpose = 2 and not new.granted
     or tg_op = 'DELETE' and old.purpose = 2 and not old.granted
     or tg_op = 'UPDATE' and new.purpose = 2 and old.granted is distinct from new.granted then
    perform suggested_live_queue(array[coalesce(new.candidate_id, old.candidate_id)], '[]'::jsonb);
  end if;
  return null;
end
$fn$`);
  for (const [table, trigger, sql] of TRIGGERS) {
    await knex.raw(`create trigger ${trigger} ${sql}`);
    await knex.raw(`alter table ${table} enable always trigger ${trigger}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, trigger] of TRIGGERS) await knex.raw(`drop trigger if exists ${trigger} on ${table}`);
  await knex.raw('drop function if exists candidate_consents_suggested_live()');
  await knex.raw('drop function if exists candidate_documents_suggested_live()');
  await knex.raw('drop function if exists suggested_live_queue(integer[], jsonb)');
  await knex.raw('drop function if exists candidate_documents_inserted_live()');
}
