/**
 * The seed set 'names': the names people type beside the formal ones (seeds/lookups/data/names.ts;
 * languages' and countries' names in other languages by code, data/endonyms.ts) and the currency rates; then candidates written before search existed are indexed. Runs once on
 * new and existing databases alike, after 'lookups', and can run again: rows are added when
 * missing and aliases merged with what admins added.
 */
import type { Knex } from 'knex';
import { namesByCode } from './data/endonyms';
import { aliases, currencyRates, plainSkills, spokenLanguages } from './data/names';

/** Everything this set writes, whose hash records the run (seeds/index.ts): a change loads it again. */
export const namesData = { aliases, currencyRates, plainSkills, spokenLanguages, namesByCode };

const TABLES: Record<keyof typeof aliases, string> = {
  skills: 'skills',
  jobTitles: 'job_titles',
  industries: 'industries',
  languages: 'languages',
  cities: 'cities',
  countries: 'countries',
};

async function addAliases(knex: Knex, table: string, name: string, names: string[]): Promise<number> {
  // Cities share names across countries: the first (most populous) one is meant.
  return knex
    .raw(
      `update "${table}" set aliases = array(select distinct a from unnest(aliases || ?::text[]) a order by a), updated_at = now()
      where id = (select min(id) from "${table}" where name = ?)`,
      [names, name],
    )
    .then((r: { rowCount: number }) => r.rowCount);
}

/** Adds other names to the rows of `table` by their code (a language's or a country's), in one statement. */
async function addAliasesByCode(knex: Knex, table: string, byCode: Record<string, string[]>): Promise<number> {
  return knex
    .raw(
      `update "${table}" t set aliases = array(select distinct a from unnest(t.aliases || v.names) a order by a), updated_at = now()
      from (select key as code, array(select jsonb_array_elements_text(value)) as names from jsonb_each(?::jsonb)) v
      where t.code = v.code and not (t.aliases @> v.names)`,
      [JSON.stringify(byCode)],
    )
    .then((r: { rowCount: number }) => r.rowCount);
}

/**
 * Candidates written before search documents existed get theirs (new writes are indexed by the
 * database's triggers), after the rates, so salaries in SGD are right the first time.
 */
async function indexForSearch(knex: Knex): Promise<number> {
  let indexed = 0;
  for (;;) {
    const { rows } = await knex.raw(
      `select array(select c.id from candidates c where not exists (select 1 from candidate_search_documents d where d.id = c.id)
                     order by c.id limit 20000) as ids`,
    );
    const ids = rows[0].ids as number[];
    if (!ids.length) break;
    await knex.raw('select candidate_search_refresh(?::int[])', [ids]);
    indexed += ids.length;
  }
  if (indexed) await knex.raw('analyze candidate_search_documents');
  return indexed;
}

export async function loadNames(knex: Knex): Promise<Record<string, number>> {
  await knex('skills')
    .insert(plainSkills.map((name) => ({ name })))
    .onConflict('name')
    .ignore();
  await knex('languages').insert(spokenLanguages).onConflict('code').ignore();
  let aliased = 0;
  for (const [kind, byName] of Object.entries(aliases) as [keyof typeof aliases, Record<string, string[]>][]) {
    for (const [name, names] of Object.entries(byName)) aliased += await addAliases(knex, TABLES[kind], name, names);
  }
  for (const [kind, byCode] of Object.entries(namesByCode) as [keyof typeof namesByCode, Record<string, string[]>][])
    aliased += await addAliasesByCode(knex, TABLES[kind], byCode);
  // A citizenship is also found by its country's name ('Malaysia' for Malaysian).
  await knex.raw(`
    update citizenships z set aliases = array(select distinct a from unnest(z.aliases || array[c.name::text]) a order by a), updated_at = now()
      from countries c where c.code = z.country_code and lower(c.name) <> lower(z.name) and not (c.name = any(z.aliases))`);
  await knex('currency_rates')
    .insert(Object.entries(currencyRates).map(([currency, toSgd]) => ({ currency, to_sgd: toSgd })))
    .onConflict('currency')
    .ignore();
  const indexed = await indexForSearch(knex);
  return {
    skills: plainSkills.length,
    languages: spokenLanguages.length,
    aliased,
    currency_rates: Object.keys(currencyRates).length,
    search_documents: indexed,
  };
}
