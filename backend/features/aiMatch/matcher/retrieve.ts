/**
 * Retrieval through search's public face: the admin's filters as the search page builds them
 * (buildFilters), then the documents that hold a required or wanted skill, one of the job titles,
 * or the requirements' words, ranked by a cheap first score (share of the skills held, required
 * ones twice, a wanted title, enough years), of which the best few are re-ranked with the text
 * relevance of the requirements' words. Only candidate ids leave this file.
 */
import type { Knex } from 'knex';
import { abilityFor } from '../../../../schema/ability';
import type { Actor } from '../../../../schema/roles';
import { cachedIndex, similarity } from '../../lookups';
import { buildFilters, searchContext, whereOf, type Predicate, type SearchParams } from '../../search';
import { related } from './score';
import type { Requirements } from './types';

/** The search page's filters an AI match takes (locations, salary, experience, skills, languages, employment types, remote). */
export type MatchFilters = Partial<Pick<SearchParams, 'values' | 'enums' | 'salary' | 'experience' | 'remote'>>;

/** Who retrieves: an admin's search (active and semi-active candidates). */
export const MATCH_ACTOR: Actor = { role: 'admin', id: 0, adminType: 'general' };

function paramsOf(filters: MatchFilters): SearchParams {
  return {
    values: filters.values ?? {},
    enums: filters.enums ?? {},
    salary: filters.salary,
    currency: filters.salary?.currency ?? 'SGD',
    experience: filters.experience,
    remote: filters.remote ?? false,
    popular: false,
    shortlisted: false,
    sort: 'bestMatch',
    page: 1,
    perPage: 25,
    adminKeys: [],
  };
}

/** The requirements' words for text relevance: skills and titles, each a phrase, joined with OR. */
export function requirementsText(req: Requirements): string {
  const words = [...req.skills.map((s) => s.label), ...req.jobTitles.map((t) => t.label)]
    .map((w) => w.replace(/["()\-:*!&|<>]/g, ' ').trim())
    .filter(Boolean);
  return words
    .map((w) => (w.includes(' ') ? `"${w}"` : w))
    .join(' or ')
    .slice(0, 200)
    .replace(/\s+or\s*$|\s+o$|"[^"]*$/g, '');
}

/** At most this many titles related to the wanted ones are retrieved by (the commonest head nouns relate hundreds). */
const RELATED_TITLES = 200;

/** Job titles of the same trade as a wanted one ('Software Engineer' for 'Backend Engineer'), by the scoring's own rule. */
async function relatedTitles(knex: Knex, req: Requirements): Promise<number[]> {
  if (!req.jobTitles.length) return [];
  const index = await cachedIndex(knex, 'jobTitles');
  const wanted = new Set(req.jobTitles.map((t) => t.id));
  const near = new Map<number, number>();
  for (const row of index.names().values()) {
    if (wanted.has(row.id) || near.has(row.id) || !req.jobTitles.some((t) => related(t.label, row.name))) continue;
    near.set(row.id, Math.max(...req.jobTitles.map((t) => similarity(t.label, row.name))));
  }
  // The closest by name first ('Backend Developer' before 'Civil Engineer').
  return [...near]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, RELATED_TITLES)
    .map(([id]) => id);
}

/** Candidate ids, best first, at most `limit`. */
export async function retrieve(
  knex: Knex,
  req: Requirements,
  filters: MatchFilters,
  limit: number,
  actor: Actor = MATCH_ACTOR,
): Promise<number[]> {
  const ability = abilityFor(actor);
  const { stats, rates } = await searchContext(knex);
  const base = await buildFilters(knex, ability, actor, paramsOf(filters), stats, rates);
  const skillIds = req.skills.map((s) => s.id);
  const required = req.skills.filter((s) => s.required).map((s) => s.id);
  const nice = req.skills.filter((s) => !s.required).map((s) => s.id);
  const titleIds = req.jobTitles.map((t) => t.id);
  const nearTitles = await relatedTitles(knex, req);
  const text = requirementsText(req);
  const wanted = await buildFilters(
    knex,
    ability,
    actor,
    {
      ...paramsOf({}),
      values: { s: skillIds.map(String), jt: [...titleIds, ...nearTitles].map(String) },
      ts: text || undefined,
    },
    stats,
    rates,
  );
  const any = wanted.predicates.filter((p: Predicate) => p.key === 's' || p.key === 'jt' || p.key === 'ts');
  if (!any.length) return [];
  const where = whereOf(base.predicates);
  const anySql = `(${any.map((p) => `(${p.sql})`).join(' or ')})`;
  const anyBindings = any.flatMap((p) => p.bindings);
  const weight = 2 * required.length + nice.length || 1;
  const min = req.years?.min;
  const since = min
    ? new Date(Date.UTC(new Date().getUTCFullYear() - min, new Date().getUTCMonth(), 1)).toISOString().slice(0, 10)
    : null;
  const query = wanted.text?.query ?? null;
  const { rows } = await knex.raw(
    `with scored as (
       select d.id,
              (2 * (select count(*) from unnest(d.skill_ids) x where x = any(?::int[]))
                 + (select count(*) from unnest(d.skill_ids) x where x = any(?::int[])))::float8 / ? as skills,
              case when d.job_title_ids && ?::int[] then 1 when d.job_title_ids && ?::int[] then 0.5 else 0 end::float8 as title,
              (case when ?::date is null then 1 when d.career_start <= ?::date then 1 when d.career_start is null then 0 else 0.4 end)::float8 as years
         from candidate_search_documents d
        where ${where.sql} and ${anySql}),
     first as (select * from scored s order by 0.6 * s.skills + 0.25 * s.title + 0.15 * s.years desc, s.id limit ?)
     select f.id from first f join candidate_search_documents v on v.id = f.id
      order by 0.55 * f.skills + 0.2 * f.title + 0.1 * f.years
             + 0.15 * coalesce(ts_rank_cd(v.vector, ?::tsquery, 32), 0) desc, f.id
      limit ?`,
    [
      required,
      nice,
      weight,
      titleIds,
      nearTitles,
      since,
      since,
      ...where.bindings,
      ...anyBindings,
      limit * 3,
      query,
      limit,
    ] as Knex.RawBinding[],
  );
  return (rows as { id: number }[]).map((r) => r.id);
}
