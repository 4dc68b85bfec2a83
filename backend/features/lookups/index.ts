/**
 * Lookups as people type them: the autocompletes of spec section 7 (job titles, locations, skills,
 * languages, citizenships, industries, countries, companies, admins and tags), each `GET /<kind>/search?q=`
 * answering at most 20 `{id, label, src}` options read through the caller's permissions (countries, like
 * every lookup, by anyone, signed out too: company sign-up picks them), and the
 * one name matcher behind them (match.ts) that the bulk import, the search filters and the CV
 * parser use too. From one character: 'R' answers the skill R first (its exact name or alias), then
 * the names that start with it; and a guess of the caller's country from their address (ipInfo.ts).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { entity } from '../../../schema';
import { readOn } from '../../db/replica';
import { defineEndpoint, type Endpoint } from '../../endpoints/define';
import { ipInfoEndpoint } from './ipInfo';
import { cachedIndex } from '../../services/lookups/load';
import { SUGGEST_MAX, SUGGEST_MIN, type NameIndex } from '../../services/lookups/match';
import { LOOKUP_SOURCES, type LookupKind } from '../../services/lookups/sources';
import { suggest } from '../../services/lookups/sqlMatch';

export { LOOKUP_SOURCES, type LookupKind } from '../../services/lookups/sources';
export { NameIndex, normalise, similarity, type Match } from '../../services/lookups/match';
export { loadIndex, loadRows, cachedIndex } from '../../services/lookups/load';
export { resolveNames, suggest, suggestInSql } from '../../services/lookups/sqlMatch';

/** The path each autocomplete answers at (spec section 7 names them). */
const PATHS: [LookupKind, string][] = [
  ['jobTitles', 'job-titles'],
  ['locations', 'locations'],
  ['skills', 'skills'],
  ['languages', 'languages'],
  ['citizenships', 'citizenships'],
  ['industries', 'industries'],
  ['countries', 'countries'],
  ['companies', 'companies'],
  ['admins', 'admins'],
  ['tags', 'tags'],
];

const searchQuery = z.object({
  q: z.string().trim().min(SUGGEST_MIN).max(100),
  limit: z.coerce.number().int().min(1).max(SUGGEST_MAX).optional(),
});

export const lookupEndpoints: Endpoint[] = [
  ...PATHS.map(([kind, path]) =>
    defineEndpoint({
      method: 'get',
      path: `/${path}/search`,
      summary: `Autocomplete of ${path.replace('-', ' ')}: prefix matches first, then close ones (at most 20 {id, label, src})`,
      access: { action: 'read', subject: entity(LOOKUP_SOURCES[kind].entity).subject },
      input: { query: searchQuery },
      handler: ({ query, ability, ctx }) =>
        readOn(ctx, (knex) => suggest(knex, ability, kind, query.q, query.limit ?? SUGGEST_MAX)),
    }),
  ),
  ipInfoEndpoint,
];

export interface CvNamed {
  id: number;
  name: string;
}

/**
 * For the CV parser: every name and other name (alias, code) of skills, job titles and cities,
 * lower-cased and without accents, to the row it names; plus the indexes themselves for
 * `resolve` (exact, alias, then an unambiguous close match). Cached per database and reloaded
 * when a table changes.
 */
export async function cvNameMaps(knex: Knex): Promise<{
  skills: Map<string, CvNamed>;
  jobTitles: Map<string, CvNamed>;
  cities: Map<string, CvNamed>;
  indexes: { skills: NameIndex; jobTitles: NameIndex; cities: NameIndex };
}> {
  const [skills, jobTitles, cities] = await Promise.all(
    (['skills', 'jobTitles', 'locations'] as const).map((k) => cachedIndex(knex, k)),
  );
  return {
    skills: skills.names(),
    jobTitles: jobTitles.names(),
    cities: cities.names(),
    indexes: { skills, jobTitles, cities },
  };
}
