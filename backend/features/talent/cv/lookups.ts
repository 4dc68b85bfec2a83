/** The lookups the CV parser matches against, loaded once and refreshed every few minutes. */
import type { Knex } from 'knex';
import type { CvLookups, Named } from './parseCv';

const TTL_MS = 5 * 60_000;
const cache = new WeakMap<Knex, { at: number; value: Promise<CvLookups> }>();

async function byName(knex: Knex, table: string): Promise<Map<string, Named>> {
  const rows = (await knex(table).select('id', 'name').orderBy('id')) as Named[];
  const map = new Map<string, Named>();
  for (const row of rows) if (!map.has(row.name.toLowerCase())) map.set(row.name.toLowerCase(), row);
  return map;
}

export function cvLookups(knex: Knex): Promise<CvLookups> {
  const hit = cache.get(knex);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = Promise.all([byName(knex, 'skills'), byName(knex, 'job_titles'), byName(knex, 'cities')]).then(([skills, jobTitles, cities]) => ({
    skills,
    jobTitles,
    cities,
  }));
  value.catch(() => cache.delete(knex));
  cache.set(knex, { at: Date.now(), value });
  return value;
}
