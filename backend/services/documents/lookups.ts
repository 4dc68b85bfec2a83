/**
 * The lookups the CV parser matches against, through the one name matcher (lookups/match.ts): the
 * same names, aliases ('AWS', 'k8s', 'Kafka', 'Airflow') and keys that the import, the
 * autocompletes and the search filters resolve. The parser only looks phrases up in the maps built
 * here; the maps follow the lookup tables (rebuilt when an admin adds a row or an alias).
 */
import type { Knex } from 'knex';
import { cachedIndex } from '../lookups/load';
import { normalise, type NameIndex } from '../lookups/match';
import type { CvLookups, Named } from './parseCv';

/**
 * Every name, alias and key of the index → its row, lower-cased both as written and without
 * accents. An alias counts only as the alias is written ('Kafka', 'AWS'), so that prose ('a word',
 * 'the outlook') is not read as a skill; a row's own name counts in any case, as before.
 */
function phrases(index: NameIndex): Map<string, Named> {
  const map = new Map<string, Named>();
  for (const [key, row] of index.names()) {
    const written = index.byId(row.id);
    const own = normalise(row.name) === key;
    const alias = own
      ? undefined
      : [...(written?.aliases ?? []), ...(written?.keys ?? [])].find((a) => normalise(a) === key);
    const named: Named = alias ? { id: row.id, name: row.name, as: alias } : { id: row.id, name: row.name };
    map.set(key, named);
    const lower = (alias ?? row.name).toLowerCase().replace(/\s+/g, ' ').trim();
    if (!map.has(lower)) map.set(lower, named);
  }
  return map;
}

const built = new WeakMap<NameIndex, WeakMap<NameIndex, WeakMap<NameIndex, CvLookups>>>();
let loads = 0;

export async function cvLookups(knex: Knex): Promise<CvLookups> {
  const [skills, jobTitles, cities] = await Promise.all([
    cachedIndex(knex, 'skills'),
    cachedIndex(knex, 'jobTitles'),
    cachedIndex(knex, 'locations'),
  ]);
  let byTitles = built.get(skills);
  if (!byTitles) built.set(skills, (byTitles = new WeakMap()));
  let byCities = byTitles.get(jobTitles);
  if (!byCities) byTitles.set(jobTitles, (byCities = new WeakMap()));
  let value = byCities.get(cities);
  if (!value) {
    value = { skills: phrases(skills), jobTitles: phrases(jobTitles), cities: phrases(cities), version: (loads += 1) };
    byCities.set(cities, value);
  }
  return value;
}
