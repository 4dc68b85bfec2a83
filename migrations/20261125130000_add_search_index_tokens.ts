import type { Knex } from 'knex';

/**
 * Written by hand: what the schema cannot express, how the database keeps the search documents.
 *
 * Each document's facet values also carry two index tokens derived from the row itself, so the one
 * GIN index over the facet values and the words can intersect them with a selective condition
 * (a city, a rare word) and hand over only the documents that can match:
 * - 10 * 100,000,000 + the year the career started (0 without experience): a range of years of
 *   experience is a handful of years, checked exactly on the documents the index hands over;
 * - 11 * 100,000,000 + the status: a company's search reads active candidates only.
 * Facets never count them (facets count dimensions 1 to 8). A row trigger adds them on every insert and
 * update that writes the facet values, the status or the career start (ENABLE ALWAYS, like the
 * refresh that writes the documents, so the bulk import's sessions keep them too).
 */

const TOKENS = `
create or replace function candidate_search_index_tokens(status smallint, career_start date) returns integer[]
language sql immutable parallel safe as $fn$
  select array[1000000000 + coalesce(extract(year from career_start)::int, 0), 1100000000 + status]
$fn$`;

const TRIGGER = `
create or replace function candidate_search_add_index_tokens() returns trigger language plpgsql as $fn$
begin
  new.facet_values := array(select x from unnest(new.facet_values) x where x < 1000000000)
    || candidate_search_index_tokens(new.status, new.career_start);
  return new;
end
$fn$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(TOKENS);
  await knex.raw(TRIGGER);
  await knex.raw(`create trigger candidate_search_documents_index_tokens
    before insert or update of facet_values, status, career_start on candidate_search_documents
    for each row execute function candidate_search_add_index_tokens()`);
  await knex.raw('alter table candidate_search_documents enable always trigger candidate_search_documents_index_tokens');
  // Documents written before: the trigger adds their tokens.
  await knex.raw(
    'update candidate_search_documents set facet_values = facet_values where not facet_values @> candidate_search_index_tokens(status, career_start)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists candidate_search_documents_index_tokens on candidate_search_documents');
  await knex.raw('drop function if exists candidate_search_add_index_tokens()');
  await knex.raw(
    'update candidate_search_documents set facet_values = array(select x from unnest(facet_values) x where x < 1000000000) where exists (select 1 from unnest(facet_values) x where x >= 1000000000)',
  );
  await knex.raw('drop function if exists candidate_search_index_tokens(smallint, date)');
}
