import type { Knex } from 'knex';

/**
 * Written by hand: the search text folds accents, as the name search already does ('cafe' finds
 * café, 'Societe Generale' finds Société Générale, 'Zurich' finds Zürich). The text search
 * configuration `english_unaccent` is `english` with the unaccent dictionary filtering words of
 * non-ASCII letters before the English stemmer, so a document's words and the typed ones fold
 * alike. Queries (backend/features/search/text.ts, TEXT_CONFIG) and highlights over the original,
 * accented text (results.ts: ts_headline) use the same configuration, so snippets still show
 * "café" while matching 'cafe'. ASCII words map as in `english`: their lexemes do not change.
 *
 * The documents' vectors (candidate_search_refresh, otherwise the one of
 * 20261205110241_search_refresh_keeps_withheld_completeness) and the skills' vectors
 * (skills_search_vector, as in 20261129200600) are built with it; existing documents are refreshed
 * in batches of REBUILD_BATCH ids. Only documents with accented words get another vector (and so,
 * as any change of words does, are looked at by the next alert run). search_terms, the typo
 * vocabulary, catches up at its nightly rebuild.
 */
const CONFIG = 'english_unaccent';
const REBUILD_BATCH = 2000;

const skillVector = (config: string) => `
create or replace function skills_search_vector() returns trigger language plpgsql as $fn$
begin
  new.search_vector := to_tsvector('${config}', new.name);
  return new;
end
$fn$`;

/** The refresh, building the text vector with `config`. */
const refresh = (config: string) => `
create or replace function candidate_search_refresh(ids integer[]) returns void language plpgsql as $fn$
declare
  moved_tags integer[];
  moved_by integer[];
begin
  -- Tag counts move by the difference between the stored documents' tags and the candidates' tags.
  select array_agg(x.tag_id order by x.tag_id), array_agg(x.delta order by x.tag_id) into moved_tags, moved_by
  from (
    select y.tag_id, sum(y.delta)::int as delta from (
      select unnest(d.tag_ids) as tag_id, -1 as delta from candidate_search_documents d where d.id = any(ids)
      union all
      select unnest(c.tags), 1 from candidates c where c.id = any(ids)
    ) y
    where exists (select 1 from tags t where t.id = y.tag_id)
    group by y.tag_id having sum(y.delta) <> 0
  ) x;

  delete from candidate_search_documents d where d.id = any(ids) and not exists (select 1 from candidates c where c.id = d.id);

  insert into candidate_search_documents as d (
    id, status, visibility, anonymous, created_at, updated_at, current_location_id, preferred_location_ids, job_title_ids,
    skill_ids, language_ids, industry_ids, tag_ids, owner_id, type_of_employment, candidate_status, notice_type, notice_months,
    notice_date, working_remotely, expected_salary, salary_currency, salary_sgd, career_start, latest_company, latest_job_title,
    completeness, completeness_withheld, facet_values, vector, name_vector, name_text)
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
    (case when c.profile_pic is not null then 10 else 0 end)
      + (case when coalesce(c.linked_in_url, c.github_url, c.portfolio_url) is not null then 5 else 0 end)
      + (case when c.resume_path is not null then 10 else 0 end),
    array(
      select 100000000 + x from unnest(c.job_title_looking_for) x
      union select 200000000 + x from unnest(c.skill_ids) x
      union select 300000000 + x from unnest(c.preferred_location_ids) x
      union select 400000000 + c.current_location_id where c.current_location_id is not null
      union select 500000000 + x from unnest(c.language_ids) x
      union select 600000000 + x from unnest(e.industry_ids) x
      union select 700000000 + x from unnest(c.type_of_employment) x
      union select 800000000 + x from unnest(c.tags) x)
      || candidate_search_index_tokens(c.status, e.career_start),
    setweight(to_tsvector('${config}', coalesce(jt.names, '') || ' ' || coalesce(e.titles, '')), 'A')
      || setweight(coalesce(sk.vector, ''), 'B')
      || setweight(to_tsvector('${config}', coalesce(e.companies, '')), 'C')
      || setweight(to_tsvector('${config}', coalesce(c.summary, '')), 'D'),
    to_tsvector('simple', unaccent(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, ''))),
    lower(unaccent(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') || ' ' || c.email))
  from candidates c
  left join currency_rates r on r.currency = c.expected_salary_currency
  left join lateral (select candidate_search_concat(s.search_vector) as vector from skills s where s.id = any(c.skill_ids)) sk on true
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
    completeness = excluded.completeness, completeness_withheld = excluded.completeness_withheld, facet_values = excluded.facet_values, vector = excluded.vector, name_vector = excluded.name_vector,
    name_text = excluded.name_text;

  -- Written last, in tag order: the rows stay locked only until the commit that follows.
  if moved_tags is not null then
    insert into candidate_tag_counts (tag_id, tagged)
    select m.tag_id, m.delta from unnest(moved_tags, moved_by) as m(tag_id, delta)
    on conflict (tag_id) do update set tagged = candidate_tag_counts.tagged + excluded.tagged;
  end if;
end
$fn$`;
/** Rebuilds the skills' and the documents' vectors with `config`, a batch of documents at a time. */
async function rebuild(knex: Knex, config: string): Promise<void> {
  await knex.raw(skillVector(config));
  await knex.raw(
    `update skills set search_vector = to_tsvector('${config}', name)
      where search_vector is distinct from to_tsvector('${config}', name)`,
  );
  await knex.raw(refresh(config));
  for (let after = 0; ; ) {
    const ids = (
      await knex('candidate_search_documents').where('id', '>', after).orderBy('id').limit(REBUILD_BATCH).pluck('id')
    ).map(Number);
    if (!ids.length) break;
    await knex.raw('select candidate_search_refresh(?::int[])', [ids]);
    after = ids[ids.length - 1];
  }
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create text search configuration ${CONFIG} (copy = english)`);
  await knex.raw(`alter text search configuration ${CONFIG} alter mapping for hword, hword_part, word with unaccent, english_stem`);
  await rebuild(knex, CONFIG);
}

export async function down(knex: Knex): Promise<void> {
  await rebuild(knex, 'english');
  await knex.raw(`drop text search configuration if exists ${CONFIG}`);
}
