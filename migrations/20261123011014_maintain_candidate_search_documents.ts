import type { Knex } from 'knex';

/**
 * Written by hand: the schema declares the search tables (candidate_search_documents,
 * candidate_search_pending, candidate_tag_counts) but cannot express how the database keeps them.
 *
 * - Statement-level triggers on candidates, their experiences and educations, the skill and job
 *   title lookups (renames) queue the candidates a statement touched in candidate_search_pending.
 * - A deferred constraint trigger on that table refreshes every queued candidate in one set-based
 *   statement when the transaction commits: a bulk import that writes candidates and then their
 *   experience parses each candidate once, not once per statement.
 * - All of them are ENABLE ALWAYS, so sessions that skip ordinary triggers
 *   (session_replication_role = replica, as the bulk import runs) still keep search current.
 * - Currency rate changes recompute the salaries in SGD directly (nothing to parse).
 * Existing candidates are indexed by the seed set 'names', after the currency rates it loads.
 */

const REFRESH = `
create or replace function candidate_search_refresh(ids integer[]) returns void language plpgsql as $fn$
begin
  -- Tag counts move by the difference between the stored documents' tags and the candidates' tags.
  insert into candidate_tag_counts (tag_id, tagged)
  select x.tag_id, sum(x.delta)::int from (
    select unnest(d.tag_ids) as tag_id, -1 as delta from candidate_search_documents d where d.id = any(ids)
    union all
    select unnest(c.tags), 1 from candidates c where c.id = any(ids)
  ) x
  where exists (select 1 from tags t where t.id = x.tag_id)
  group by x.tag_id having sum(x.delta) <> 0
  order by x.tag_id
  on conflict (tag_id) do update set tagged = candidate_tag_counts.tagged + excluded.tagged;

  delete from candidate_search_documents d where d.id = any(ids) and not exists (select 1 from candidates c where c.id = d.id);

  insert into candidate_search_documents as d (
    id, status, visibility, anonymous, created_at, updated_at, current_location_id, preferred_location_ids, job_title_ids,
    skill_ids, language_ids, industry_ids, tag_ids, owner_id, type_of_employment, candidate_status, notice_type, notice_months,
    notice_date, working_remotely, expected_salary, salary_currency, salary_sgd, career_start, latest_company, latest_job_title,
    completeness, facet_values, vector, name_vector, name_text)
  select
    c.id, c.status, c.visibility, c.anonymous, c.created_at, c.updated_at, c.current_location_id,
    coalesce(c.preferred_location_ids, '{}'), coalesce(c.job_title_looking_for, '{}'), coalesce(c.skill_ids, '{}'),
    coalesce(c.language_ids, '{}'), coalesce(e.industry_ids, '{}'), coalesce(c.tags, '{}'), c.owner_id,
    coalesce(c.type_of_employment, '{}'), coalesce(c.candidate_status, '{}'),
    case when c.notice_period->>'type' ~ '^[0-3]$' then (c.notice_period->>'type')::smallint end,
    case when c.notice_period->>'type' = '1' and c.notice_period->>'option' ~ '^[0-9]{1,3}$' then (c.notice_period->>'option')::int end,
    case when c.notice_period->>'type' = '2' then candidate_search_date(c.notice_period->>'option') end,
    c.working_remotely, c.expected_salary, c.expected_salary_currency,
    round(c.expected_salary * r.to_sgd)::int,
    e.career_start, e.latest_company, e.latest_title,
    (case when length(coalesce(c.summary, '')) >= 50 then 15 else 0 end)
      + (case when cardinality(c.skill_ids) >= 3 then 15 else 0 end)
      + (case when e.jobs > 0 then 15 else 0 end)
      + (case when exists (select 1 from candidate_educations ed where ed.candidate_id = c.id) then 10 else 0 end)
      + (case when cardinality(c.language_ids) > 0 then 5 else 0 end)
      + (case when c.profile_pic is not null then 10 else 0 end)
      + (case when coalesce(c.linked_in_url, c.github_url, c.portfolio_url) is not null then 5 else 0 end)
      + (case when c.resume_path is not null then 10 else 0 end)
      + (case when cardinality(c.preferred_location_ids) > 0 then 5 else 0 end)
      + (case when c.notice_period is not null then 5 else 0 end)
      + (case when c.expected_salary is not null then 5 else 0 end),
    array(
      select 100000000 + x from unnest(c.job_title_looking_for) x
      union select 200000000 + x from unnest(c.skill_ids) x
      union select 300000000 + x from unnest(c.preferred_location_ids) x
      union select 400000000 + c.current_location_id where c.current_location_id is not null
      union select 500000000 + x from unnest(c.language_ids) x
      union select 600000000 + x from unnest(e.industry_ids) x
      union select 700000000 + x from unnest(c.type_of_employment) x
      union select 800000000 + x from unnest(c.tags) x),
    setweight(to_tsvector('english', coalesce(jt.names, '') || ' ' || coalesce(e.titles, '')), 'A')
      || setweight(to_tsvector('english', coalesce(sk.names, '')), 'B')
      || setweight(to_tsvector('english', coalesce(e.companies, '')), 'C')
      || setweight(to_tsvector('english', coalesce(c.summary, '')), 'D'),
    to_tsvector('simple', unaccent(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))),
    lower(unaccent(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') || ' ' || c.email))
  from candidates c
  left join currency_rates r on r.currency = c.expected_salary_currency
  left join lateral (select string_agg(s.name, ' ') as names from skills s where s.id = any(c.skill_ids)) sk on true
  left join lateral (select string_agg(j.name, ' ') as names from job_titles j where j.id = any(c.job_title_looking_for)) jt on true
  left join lateral (
    select count(*) as jobs,
      array_agg(distinct x.industry_id) filter (where x.industry_id is not null) as industry_ids,
      min(x.start_date) as career_start,
      string_agg(x.title, ' ') as titles,
      string_agg(x.company, ' ') as companies,
      (array_agg(x.company order by x.current_position desc, x.start_date desc, x.id desc))[1] as latest_company,
      (array_agg(x.title order by x.current_position desc, x.start_date desc, x.id desc))[1] as latest_title
    from candidate_experiences x where x.candidate_id = c.id
  ) e on true
  where c.id = any(ids)
  on conflict (id) do update set
    status = excluded.status, visibility = excluded.visibility, anonymous = excluded.anonymous,
    created_at = excluded.created_at, updated_at = excluded.updated_at, current_location_id = excluded.current_location_id,
    preferred_location_ids = excluded.preferred_location_ids, job_title_ids = excluded.job_title_ids,
    skill_ids = excluded.skill_ids, language_ids = excluded.language_ids, industry_ids = excluded.industry_ids,
    tag_ids = excluded.tag_ids, owner_id = excluded.owner_id, type_of_employment = excluded.type_of_employment,
    candidate_status = excluded.candidate_status, notice_type = excluded.notice_type, notice_months = excluded.notice_months,
    notice_date = excluded.notice_date, working_remotely = excluded.working_remotely, expected_salary = excluded.expected_salary,
    salary_currency = excluded.salary_currency, salary_sgd = excluded.salary_sgd, career_start = excluded.career_start,
    latest_company = excluded.latest_company, latest_job_title = excluded.latest_job_title,
    completeness = excluded.completeness, facet_values = excluded.facet_values, vector = excluded.vector, name_vector = excluded.name_vector,
    name_text = excluded.name_text;
end
$fn$`;

// A specific-date notice period the validator let through is a real date; anything else counts as none rather than failing a commit.
const SAFE_DATE = `
create or replace function candidate_search_date(value text) returns date language plpgsql immutable as $fn$
begin
  if value !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then return null; end if;
  return value::date;
exception when others then
  return null;
end
$fn$`;

const DUE = "perform set_config('talentbase.search_refresh', 'due', true);";

const QUEUE = (name: string, column: string) => `
create or replace function ${name}() returns trigger language plpgsql as $fn$
declare queued integer := 0; more integer := 0;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    insert into candidate_search_pending (candidate_id)
    select distinct n.${column} from new_rows n where n.${column} is not null on conflict do nothing;
    get diagnostics queued = row_count;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    insert into candidate_search_pending (candidate_id)
    select distinct o.${column} from old_rows o where o.${column} is not null on conflict do nothing;
    get diagnostics more = row_count;
  end if;
  if queued + more > 0 then ${DUE} end if;
  return null;
end
$fn$`;

// Each newly queued row carries a deferred event. The first to fire at commit refreshes every
// queued candidate at once; the transaction-local setting then tells the others there is nothing
// left (queueing sets it back to 'due', e.g. after SET CONSTRAINTS ... IMMEDIATE).
const REFRESH_PENDING = `
create or replace function candidate_search_refresh_pending() returns trigger language plpgsql as $fn$
declare ids integer[];
begin
  if current_setting('talentbase.search_refresh', true) is distinct from 'due' then
    return null;
  end if;
  perform set_config('talentbase.search_refresh', 'done', true);
  with taken as (delete from candidate_search_pending returning candidate_id)
  select array_agg(candidate_id order by candidate_id) into ids from taken;
  if ids is not null then
    perform candidate_search_refresh(ids);
  end if;
  return null;
end
$fn$`;

const LOOKUP_RENAME = (table: string, column: string) => `
create or replace function candidate_search_${table}_renamed() returns trigger language plpgsql as $fn$
declare queued integer := 0;
begin
  insert into candidate_search_pending (candidate_id)
  select d.id from candidate_search_documents d
  where d.${column} && (select array_agg(n.id) from new_rows n join old_rows o on o.id = n.id where n.name is distinct from o.name)
  on conflict do nothing;
  get diagnostics queued = row_count;
  if queued > 0 then ${DUE} end if;
  return null;
end
$fn$`;

const RATES = `
create or replace function candidate_search_rates_changed() returns trigger language plpgsql as $fn$
declare changed text[];
begin
  if tg_op = 'INSERT' then
    select array_agg(currency) into changed from new_rows;
  elsif tg_op = 'UPDATE' then
    select array_agg(currency) into changed from (select currency from new_rows union select currency from old_rows) x;
  else
    select array_agg(currency) into changed from old_rows;
  end if;
  update candidate_search_documents d
  set salary_sgd = (select round(d.expected_salary * r.to_sgd)::int from currency_rates r where r.currency = d.salary_currency)
  where d.salary_currency = any(changed);
  return null;
end
$fn$`;

const TRUNCATED = `
create or replace function candidate_search_truncated() returns trigger language plpgsql as $fn$
begin
  delete from candidate_search_documents;
  update candidate_tag_counts set tagged = 0;
  return null;
end
$fn$`;

/** Insert, update and delete statement triggers with transition tables, firing in every session. */
function statementTriggers(table: string, fn: string, prefix: string): string[] {
  const out: string[] = [];
  for (const [op, referencing] of [
    ['insert', 'referencing new table as new_rows'],
    ['update', 'referencing new table as new_rows old table as old_rows'],
    ['delete', 'referencing old table as old_rows'],
  ]) {
    const name = `${prefix}_${op}`;
    out.push(`create trigger ${name} after ${op} on ${table} ${referencing} for each statement execute function ${fn}()`);
    out.push(`alter table ${table} enable always trigger ${name}`);
  }
  return out;
}

export async function up(knex: Knex): Promise<void> {
  // unaccent: names match without accents ('jose' finds José), as the name matcher does.
  await knex.raw('create extension if not exists unaccent');
  for (const sql of [
    SAFE_DATE,
    REFRESH,
    QUEUE('candidate_search_queue_candidates', 'id'),
    QUEUE('candidate_search_queue_children', 'candidate_id'),
    REFRESH_PENDING,
    LOOKUP_RENAME('skills', 'skill_ids'),
    LOOKUP_RENAME('job_titles', 'job_title_ids'),
    RATES,
    TRUNCATED,
    ...statementTriggers('candidates', 'candidate_search_queue_candidates', 'candidate_search_candidates'),
    ...statementTriggers('candidate_experiences', 'candidate_search_queue_children', 'candidate_search_experiences'),
    ...statementTriggers('candidate_educations', 'candidate_search_queue_children', 'candidate_search_educations'),
    ...statementTriggers('currency_rates', 'candidate_search_rates_changed', 'candidate_search_rates'),
    `create trigger candidate_search_skills_renamed after update on skills referencing new table as new_rows old table as old_rows
       for each statement execute function candidate_search_skills_renamed()`,
    'alter table skills enable always trigger candidate_search_skills_renamed',
    `create trigger candidate_search_job_titles_renamed after update on job_titles referencing new table as new_rows old table as old_rows
       for each statement execute function candidate_search_job_titles_renamed()`,
    'alter table job_titles enable always trigger candidate_search_job_titles_renamed',
    'create trigger candidate_search_truncated after truncate on candidates for each statement execute function candidate_search_truncated()',
    'alter table candidates enable always trigger candidate_search_truncated',
    `create constraint trigger candidate_search_pending_refresh after insert on candidate_search_pending
       deferrable initially deferred for each row execute function candidate_search_refresh_pending()`,
    'alter table candidate_search_pending enable always trigger candidate_search_pending_refresh',
  ]) {
    await knex.raw(sql);
  }
  // Candidates that exist already are indexed by the seed set 'names' once the currency rates are in
  // (seeds/lookups/names.ts), so each document is written once.
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, prefix] of [
    ['candidates', 'candidate_search_candidates'],
    ['candidate_experiences', 'candidate_search_experiences'],
    ['candidate_educations', 'candidate_search_educations'],
    ['currency_rates', 'candidate_search_rates'],
  ]) {
    for (const op of ['insert', 'update', 'delete']) await knex.raw(`drop trigger if exists ${prefix}_${op} on ${table}`);
  }
  await knex.raw('drop trigger if exists candidate_search_skills_renamed on skills');
  await knex.raw('drop trigger if exists candidate_search_job_titles_renamed on job_titles');
  await knex.raw('drop trigger if exists candidate_search_truncated on candidates');
  await knex.raw('drop trigger if exists candidate_search_pending_refresh on candidate_search_pending');
  for (const fn of [
    'candidate_search_refresh(integer[])',
    'candidate_search_date(text)',
    'candidate_search_queue_candidates()',
    'candidate_search_queue_children()',
    'candidate_search_refresh_pending()',
    'candidate_search_skills_renamed()',
    'candidate_search_job_titles_renamed()',
    'candidate_search_rates_changed()',
    'candidate_search_truncated()',
  ]) {
    await knex.raw(`drop function if exists ${fn}`);
  }
}
