/** Loads the lookup rows into their tables; existing names are kept, so it can run any number of times. */
import type { Knex } from 'knex';
import { lookupRows } from './index';

async function insertAll(knex: Knex, table: string, rows: object[], conflict: string[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    await knex(table)
      .insert(rows.slice(i, i + 1000))
      .onConflict(conflict)
      .ignore();
  }
}

export async function loadLookups(knex: Knex): Promise<Record<string, number>> {
  const rows = lookupRows();
  await insertAll(
    knex,
    'countries',
    rows.countries.map((c) => ({ name: c.name, code: c.code, dial_code: c.dialCode })),
    ['code'],
  );
  const countryIds = new Map<string, number>((await knex('countries').select('id', 'code')).map((c) => [c.code, c.id]));
  const existingCities = new Set((await knex('cities').select('name', 'code')).map((c) => `${c.name}|${c.code}`));
  await insertAll(
    knex,
    'cities',
    rows.cities
      .filter((c) => !existingCities.has(`${c.name}|${c.countryCode}`) && countryIds.has(c.countryCode))
      .map((c) => ({
        name: c.name,
        code: c.countryCode,
        dial_code: c.dialCode,
        country_id: countryIds.get(c.countryCode),
      })),
    ['id'],
  );
  await insertAll(knex, 'job_titles', rows.jobTitles, ['name']);
  await insertAll(knex, 'skills', rows.skills, ['name']);
  await insertAll(knex, 'languages', rows.languages, ['code']);
  await insertAll(knex, 'industries', rows.industries, ['name']);
  await insertAll(
    knex,
    'citizenships',
    rows.citizenships.map((c) => ({ name: c.name, country_code: c.countryCode })),
    ['name'],
  );
  const tables = ['countries', 'cities', 'job_titles', 'skills', 'languages', 'industries', 'citizenships'];
  // Statistics at once, as after any bulk load: until autovacuum gets to them the planner takes these
  // tables for empty, and a write that names candidates' skills or job titles (the search documents'
  // refresh) scans a whole lookup table per candidate instead of reading its rows by id.
  await knex.raw(`analyze ${tables.map((t) => `"${t}"`).join(', ')}`);
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await knex(table).count({ n: '*' }))[0].n);
  return counts;
}
