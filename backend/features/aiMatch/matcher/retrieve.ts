/**
 * Retrieval through search's public face: the admin's filters as the search page builds them
 * (buildFilters), then, within them, the candidates the requirements point at, ranked by PostgreSQL
 * with a cheap first score (share of the skills held, required ones twice, a wanted or related
 * title, enough years), of which the best `3 * limit` are re-ranked with the text relevance of the
 * requirements' words and the best `limit` kept. Only candidate ids leave this file.
 *
 * PostgreSQL reads only what it ranks. Each set below is read through the GIN index over the facet
 * values (one part of it per status, asked one part at a time), narrowest first: holders of every
 * required skill, of all but one, ..., of one (the first six named; a wanted title counts as one);
 * then holders of any wanted skill or title. The first set that holds enough is ranked whole, in one
 * statement, unless it holds more than `rankBudget` documents (a very common skill): then the
 * narrower one before it is ranked. Too few ranked, and the wider sets fill up, unranked and read
 * only as far as needed: the rest of the holders, then related titles (the closest by name first),
 * then the requirements' words. At 1,000,000 candidates that ranks a few hundred to a few thousand
 * documents a job description, where reading every holder of a wanted skill, related title or word
 * ranked most of the table (30 s).
 */
import type { Knex } from 'knex';
import { consentWithdrawnSql } from '../../../../schema/rules/consents';
import { abilityFor } from '../../../../schema/ability';
import type { Actor } from '../../../../schema/roles';
import { cachedIndex, similarity } from '../../lookups';
import {
  buildFilters,
  facetCodes,
  searchContext,
  statusPredicate,
  whereOf,
  type Predicate,
  type SearchParams,
} from '../../search';
import { related } from './score';
import { yearsAsked, type Requirements } from './types';

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
  const words = [
    ...req.skills.flatMap((s) => [s.label, ...(s.anyOf ?? []).map((a) => a.label)]),
    ...req.jobTitles.map((t) => t.label),
  ]
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

/** The most documents ranked in one statement: about half a second of reading per 10,000 on a 2-core machine. */
export const RANK_BUDGET = 20_000;
/** The required skills, first named first, that the narrowest sets count (6 make at most 20 combinations a set). */
const TIER_SKILLS = 6;
/** The wanted titles, first named first, that count as a required skill in those sets. */
const TIER_TITLES = 3;
/** Related titles are filled in groups of this many, the closest by name first. */
const TITLE_GROUP = 25;

interface Condition {
  sql: string;
  bindings: unknown[];
}

const or = (parts: Condition[]): Condition => ({
  sql: parts.length ? `(${parts.map((p) => `(${p.sql})`).join(' or ')})` : 'false',
  bindings: parts.flatMap((p) => p.bindings),
});

/** Every way of choosing `k` of `items`. */
function choose<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...choose(rest, k - 1).map((c) => [first, ...c]), ...choose(rest, k)];
}

/**
 * Holders of at least `k` of the skills, a wanted title counting as one: one of the combinations
 * held whole, each read from the index by its entries.
 */
const holdsAtLeast = (skillIds: number[], titleIds: number[], k: number): Condition[] =>
  [
    ...choose(facetCodes('s', skillIds), k),
    ...facetCodes('jt', titleIds).flatMap((title) =>
      choose(facetCodes('s', skillIds), k - 1).map((codes) => [title, ...codes]),
    ),
  ].map((codes) => ({ sql: 'd.facet_values @> ?::int[]', bindings: [codes] }));

/**
 * The latest career start that has `min` years by `today` (a UTC day) as the scorer counts them: in
 * whole months (score.ts, yearsPart), so up to the last day of the month `min` years before today's.
 */
export function enoughYearsBy(today: string, min: number): string {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return new Date(Date.UTC(year - min, month, 0)).toISOString().slice(0, 10);
}

/** Whom a match may assess: the admin's filters as the search page builds them (the actor's statuses first). */
async function scopeOf(knex: Knex, filters: MatchFilters, actor: Actor) {
  const ability = abilityFor(actor);
  const { stats, rates } = await searchContext(knex);
  const base = await buildFilters(knex, ability, actor, paramsOf(filters), stats, rates);
  // A candidate who withdrew consent to be assessed by AI match is never retrieved.
  base.predicates.push({ key: 'consent', sql: `not ${consentWithdrawnSql('aiMatch', 'd')}`, bindings: [], sel: 1 });
  return { ability, stats, rates, base };
}

/**
 * Retrieval's own rule asked again later, one candidate at a time: whether a match with these
 * filters may still assess the candidate (their status, their consent to AI match, the filters). A
 * run asks before each model call, so that whoever paused, withdrew consent or was erased since
 * retrieval is not sent. The filters are built once; each answer is one indexed read.
 */
export async function retrievableCheck(
  knex: Knex,
  filters: MatchFilters,
  actor: Actor = MATCH_ACTOR,
): Promise<(candidateId: number) => Promise<boolean>> {
  const { base } = await scopeOf(knex, filters, actor);
  const where = whereOf(base.predicates);
  return async (candidateId) => {
    const { rows } = await knex.raw(`select 1 from candidate_search_documents d where d.id = ? and ${where.sql}`, [
      candidateId,
      ...where.bindings,
    ] as Knex.RawBinding[]);
    return rows.length > 0;
  };
}

/** Candidate ids, best first, at most `limit`; at most `rankBudget` documents ranked in one statement. */
export async function retrieve(
  knex: Knex,
  req: Requirements,
  filters: MatchFilters,
  limit: number,
  actor: Actor = MATCH_ACTOR,
  rankBudget = RANK_BUDGET,
): Promise<number[]> {
  const { ability, stats, rates, base } = await scopeOf(knex, filters, actor);
  const skillIds = req.skills.flatMap((s) => [s.id, ...(s.anyOf ?? []).map((a) => a.id)]);
  // A requirement any of several skills meets counts in the cheap first score as a plus, each of them.
  const required = req.skills.filter((s) => s.required && !s.anyOf?.length).map((s) => s.id);
  const nice = req.skills
    .filter((s) => !s.required || s.anyOf?.length)
    .flatMap((s) => [s.id, ...(s.anyOf ?? []).map((a) => a.id)]);
  const titleIds = req.jobTitles.map((t) => t.id);
  const nearTitles = await relatedTitles(knex, req);
  const text = requirementsText(req);
  const wantedBy = async (values: Record<string, number[]>, ts?: string) =>
    (
      await buildFilters(
        knex,
        ability,
        actor,
        {
          ...paramsOf({}),
          values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.map(String)])),
          ts,
        },
        stats,
        rates,
      )
    ).predicates.filter((p: Predicate) => p.key === 's' || p.key === 'jt' || p.key === 'ts');
  const groups = Array.from({ length: Math.ceil(nearTitles.length / TITLE_GROUP) }, (_, i) =>
    nearTitles.slice(i * TITLE_GROUP, (i + 1) * TITLE_GROUP),
  );
  const [holding, wording, ...titleGroups] = await Promise.all([
    wantedBy({ s: skillIds, jt: titleIds }),
    text ? wantedBy({}, text) : [],
    ...groups.map((g) => wantedBy({ jt: g })),
  ]);
  const query = (wording[0]?.bindings[0] as string | undefined) ?? null;

  // Ranked, narrowest first: at least all, ..., at least one of the required skills (a wanted title
  // counting as one); a wanted skill or title. Then, unranked, related titles (the closest first) and
  // the words.
  const tiers = required.slice(0, TIER_SKILLS);
  const tierTitles = titleIds.slice(0, TIER_TITLES);
  const sources = [...tiers.map((_, i) => or(holdsAtLeast(tiers, tierTitles, tiers.length - i))), or(holding)].filter(
    (s) => s.sql !== 'false',
  );
  if (!sources.length) return [];

  // Read part by part of the index by status: the planner reads several conditions' entries from a
  // part only when the statement names that part alone.
  const parts = (base.statuses.length > 1 ? base.statuses : [null]).map((status) =>
    whereOf(
      status === null
        ? base.predicates
        : base.predicates.map((p) => (p.key === 'status' ? statusPredicate(stats, [status]) : p)),
    ),
  );
  /** The documents of `cond` within the filters, at most `max`, but those of `except`. */
  const read = (columns: string, cond: Condition, max: number, except: number[] = []): Condition => {
    const each = parts.map((w) => ({
      sql: `(select ${columns} from candidate_search_documents d
              where ${w.sql} and ${cond.sql} and not (d.id = any(?::int[])) limit ?)`,
      bindings: [...w.bindings, ...cond.bindings, except, max],
    }));
    return {
      sql: `select * from (${each.map((e) => e.sql).join(' union all ')}) u limit ?`,
      bindings: [...each.flatMap((e) => e.bindings), max],
    };
  };

  const weight = 2 * required.length + nice.length || 1;
  const min = yearsAsked(req)?.min;
  const since = min ? enoughYearsBy(new Date().toISOString().slice(0, 10), min) : null;
  // The first score's parts over a document `d`, and their bindings.
  const first = {
    skills: `(2 * (select count(*) from unnest(d.skill_ids) x where x = any(?::int[]))
             + (select count(*) from unnest(d.skill_ids) x where x = any(?::int[])))::float8 / ?`,
    title: `(case when d.job_title_ids && ?::int[] then 1 when d.job_title_ids && ?::int[] then 0.5 else 0 end)::float8`,
    years: `(case when ?::date is null then 1 when d.career_start <= ?::date then 1 when d.career_start is null then 0 else 0.4 end)::float8`,
    bindings: [required, nice, weight, titleIds, nearTitles, since, since],
  };
  const pool = limit * 3;

  // Widening from the narrowest, the first set that holds enough to keep, ranked whole; a set above
  // the budget is not ranked, the narrower one before it is, and it fills up.
  let ranked: number[] = [];
  let at = 0;
  for (let i = 0; i < sources.length; i += 1) {
    const from = read('d.id, d.skill_ids, d.job_title_ids, d.career_start', sources[i], rankBudget + 1);
    const { rows } = await knex.raw(
      `with s as (${from.sql})
       select d.id, count(*) over () as n from s d
        order by 0.6 * ${first.skills} + 0.25 * ${first.title} + 0.15 * ${first.years} desc, d.id
        limit ?`,
      [...from.bindings, ...first.bindings, pool] as Knex.RawBinding[],
    );
    const n = Number((rows as { n: string }[])[0]?.n ?? 0);
    if (n > rankBudget && i > 0) break;
    ranked = (rows as { id: number }[]).map((r) => r.id);
    at = i + 1;
    if (n >= pool) break;
  }

  // Too few: the wider sets fill up, unranked, read only as far as needed.
  for (const fill of [...sources.slice(at), ...titleGroups.map(or), ...wording]) {
    if (ranked.length >= pool) break;
    const from = read('d.id', fill, pool - ranked.length, ranked);
    const { rows } = await knex.raw(from.sql, from.bindings as Knex.RawBinding[]);
    ranked.push(...(rows as { id: number }[]).map((r) => r.id));
  }
  if (!ranked.length) return [];

  // The kept ones re-ranked with the text relevance of the requirements' words.
  const { rows } = await knex.raw(
    `select d.id from candidate_search_documents d where d.id = any(?::int[])
      order by 0.55 * ${first.skills} + 0.2 * ${first.title} + 0.1 * ${first.years}
             + 0.15 * coalesce(ts_rank_cd(d.vector, ?::tsquery, 32), 0) desc, d.id
      limit ?`,
    [ranked, ...first.bindings, query, limit] as Knex.RawBinding[],
  );
  return (rows as { id: number }[]).map((r) => r.id);
}
