import type { Knex } from 'knex';

/**
 * Written by hand: which candidates the next saved-search alert run must look at. Every writer
 * reaches a candidate's search document through one set-based refresh, so statement triggers on
 * `candidate_search_documents` see each change once, whoever made it: a new document, or one whose
 * searchable values moved (status, visibility, anonymity, facets, words, salary, experience,
 * notice, remote work). A refresh of popularity alone marks nothing. Nothing is marked while no
 * alert exists, so bulk loads of a platform without alerts pay one lookup per statement.
 */
const CHANGED = [
  'status',
  'visibility',
  'anonymous',
  'facet_values',
  'vector',
  'salary_sgd',
  'career_start',
  'working_remotely',
  'notice_type',
  'notice_months',
  'notice_date',
  'candidate_status',
  'owner_id',
]
  .map((c) => `o.${c} is distinct from n.${c}`)
  .join(' or ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function alert_mark_inserted() returns trigger language plpgsql as $fn$
begin
  if exists (select 1 from alert_subscriptions) then
    insert into alert_changed_candidates (candidate_id) select n.id from new_rows n
    on conflict (candidate_id) do update set changed_at = excluded.changed_at;
  end if;
  return null;
end
$fn$`);
  await knex.raw(`create or replace function alert_mark_updated() returns trigger language plpgsql as $fn$
begin
  if exists (select 1 from alert_subscriptions) then
    insert into alert_changed_candidates (candidate_id)
    select n.id from new_rows n join old_rows o on o.id = n.id where ${CHANGED}
    on conflict (candidate_id) do update set changed_at = excluded.changed_at;
  end if;
  return null;
end
$fn$`);
  await knex.raw(`create trigger candidate_search_documents_alert_inserted after insert on candidate_search_documents
    referencing new table as new_rows for each statement execute function alert_mark_inserted()`);
  await knex.raw(`create trigger candidate_search_documents_alert_updated after update on candidate_search_documents
    referencing old table as old_rows new table as new_rows for each statement execute function alert_mark_updated()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists candidate_search_documents_alert_updated on candidate_search_documents');
  await knex.raw('drop trigger if exists candidate_search_documents_alert_inserted on candidate_search_documents');
  await knex.raw('drop function if exists alert_mark_updated()');
  await knex.raw('drop function if exists alert_mark_inserted()');
}
