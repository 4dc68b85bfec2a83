/**
 * The city picker's autocomplete (`GET /locations/search`) for a country's name: the picker lists cities, so a
 * country typed by its name or another name ('UAE', 'Deutschland', 'Japan'; not its bare code, which two letters of a
 * city would match) offers that country's cities, most populous first, after the cities the text names or begins and
 * before close fuzzy matches. Only the autocomplete: a name resolved for an import, a filter or a job description
 * (resolveNames, NameIndex.resolve) stays a city's or nothing, a country is never guessed into one of its cities.
 */
import type { Knex } from 'knex';
import { cachedIndex } from './load';
import { normalise, type Option } from './match';

export async function locationSuggestions(knex: Knex, text: string, limit: number): Promise<Option[]> {
  const [cities, countries] = await Promise.all([cachedIndex(knex, 'locations'), cachedIndex(knex, 'countries')]);
  const ranked = cities.suggestTiered(text, limit);
  const country = countries.exactly(text);
  const code = country && countries.byId(country.id)?.src;
  // The country's code is one of its keys too; typed alone it is more likely a city's first letters.
  if (!code || normalise(text) === normalise(code)) return ranked.map((r) => r.option);
  const named = ranked.filter((r) => r.tier < 5).map((r) => r.option);
  const fuzzy = ranked.filter((r) => r.tier >= 5).map((r) => r.option);
  const seen = new Set<number>();
  return [...named, ...cities.withSrc(code, limit), ...fuzzy]
    .filter((o) => !seen.has(o.id) && !!seen.add(o.id))
    .slice(0, limit);
}
