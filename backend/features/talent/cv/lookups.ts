/**
 * The lookups the CV parser matches against, loaded once and refreshed every few minutes.
 * `cvLookups` is the one place that decides which written names match which lookup row: the
 * parser only looks phrases up in the maps it builds. Matching by the lookups' aliases (AWS,
 * Kafka, Airflow) is a change of `matchTable` alone.
 */
import type { Knex } from 'knex';
import type { CvLookups, Named } from './parseCv';

const TTL_MS = 5 * 60_000;
const cache = new WeakMap<Knex, { at: number; value: Promise<CvLookups> }>();
let loads = 0;

/** Lower-cased name → row; the first row of a name wins (rows in id order). */
async function byName(knex: Knex, table: string): Promise<Map<string, Named>> {
  const rows = (await knex(table).select('id', 'name').orderBy('id')) as Named[];
  const map = new Map<string, Named>();
  for (const row of rows) if (!map.has(row.name.toLowerCase())) map.set(row.name.toLowerCase(), row);
  return map;
}

/** The text each row of a lookup is matched by. */
const matchTable = byName;

export function cvLookups(knex: Knex): Promise<CvLookups> {
  const hit = cache.get(knex);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = Promise.all([matchTable(knex, 'skills'), matchTable(knex, 'job_titles'), matchTable(knex, 'cities')]).then(([skills, jobTitles, cities]) => ({
    skills,
    jobTitles,
    cities,
    version: (loads += 1),
  }));
  value.catch(() => cache.delete(knex));
  cache.set(knex, { at: Date.now(), value });
  return value;
}
