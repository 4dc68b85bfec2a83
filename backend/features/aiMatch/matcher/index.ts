/**
 * The AI match's matcher, its public face: a job description read into requirements, the best
 * few hundred candidates retrieved through search's public face and scored by a transparent
 * function, and the product's own verdict for when no language model judges.
 *
 * - readRequirements.ts (+ phrases.ts, jdNumbers.ts): the text into Requirements with the one name
 *   matcher (lookups): skills required or nice to have, job titles, languages with levels,
 *   locations, years, seniority (it stands for years where none are stated: yearsAsked), monthly
 *   salary with currency, employment types, remote, right to work.
 *   requirementsSchema checks an admin's edits of them. fromProject.ts: a project's own fields first.
 * - retrieve.ts: the admin's filters as the search page builds them, then the narrowest set of
 *   documents that holds enough (at least all, ..., one of the required skills or a wanted title; a
 *   wanted skill or title; also a related title or the requirements' words) ranked cheaply by
 *   PostgreSQL, the best re-ranked by text relevance.
 * - profiles.ts: what a match may weigh of each retrieved profile (no identity; citizenship only as
 *   the right to work, when asked).
 * - score.ts: the pure scoring, part by part with evidence from the profile; verdict.ts: the
 *   local judge (score, strengths, recommendation, reasoning).
 *
 * Fairness: names, contact details, photos, links, gender, date of birth and citizenship never reach
 * the scoring (tests/api/ai-match-matcher.test.ts holds the same profile under other names and
 * citizenships to the same score and evidence).
 */
import type { Knex } from 'knex';
import { currencyRates } from '../../search';
import { loadProfiles } from './profiles';
import { MATCH_ACTOR, retrieve, type MatchFilters } from './retrieve';
import { scoreProfile, type ScoreContext } from './score';
import type { Requirements, Scored } from './types';

export { readRequirements, JD_MAX_CHARS } from './readRequirements';
export {
  requirementsSchema,
  SENIORITIES,
  SENIORITY_YEARS,
  skillRequirementLabel,
  yearsAsked,
  YEARS_MAX,
  type MatchPart,
  type MatchPartKey,
  type Recommendation,
  type Requirements,
  type Scored,
  type Seniority,
  type Verdict,
} from './types';
export { localVerdict, recommendationOf } from './verdict';
export {
  scoreProfile,
  MAX as PART_MAX,
  NO_REQUIRED_SKILL_CAP,
  type MatchProfile,
  type ProfileJob,
  type ScoreContext,
} from './score';
export { MATCH_ACTOR, requirementsText, retrievableCheck, type MatchFilters } from './retrieve';
export { loadProfiles } from './profiles';
export { PROJECT_FACT_COLUMNS, withProjectFacts, type ProjectFacts } from './fromProject';

export const DEFAULT_RETRIEVE = 300;

/** What scoring needs besides the profile: today, the currency rates, the required places' countries and the countries' names. */
export async function scoreContext(knex: Knex, req: Requirements): Promise<ScoreContext> {
  const [rates, cities, countries] = await Promise.all([
    currencyRates(knex),
    req.locations.length
      ? (knex('cities')
          .whereIn(
            'id',
            req.locations.map((l) => l.id),
          )
          .select('id', 'country_id') as Promise<{ id: number; country_id: number | null }[]>)
      : [],
    req.rightToWorkIn?.length
      ? (knex('countries').whereIn('id', req.rightToWorkIn).select('id', 'name') as Promise<
          { id: number; name: string }[]
        >)
      : [],
  ]);
  return {
    today: new Date().toISOString().slice(0, 10),
    ratesToSgd: rates,
    locationCountries: new Map(cities.filter((c) => c.country_id !== null).map((c) => [c.id, c.country_id!])),
    countryLabels: new Map(countries.map((c) => [c.id, c.name])),
  };
}

/**
 * The best `retrieve` (default 300) candidates for the requirements within the filters, each
 * scored with its parts, best first (ties: the first retrieval's order). `rankBudget`: the most
 * documents retrieval ranks in one statement (RANK_BUDGET).
 */
export async function retrieveAndScore(
  knex: Knex,
  req: Requirements,
  filters: MatchFilters,
  opts: { retrieve?: number; rankBudget?: number } = {},
): Promise<Scored[]> {
  const limit = Math.max(1, Math.min(2000, opts.retrieve ?? DEFAULT_RETRIEVE));
  const ids = await retrieve(knex, req, filters, limit, MATCH_ACTOR, opts.rankBudget);
  const [profiles, ctx] = await Promise.all([loadProfiles(knex, ids, req), scoreContext(knex, req)]);
  const order = new Map(ids.map((id, i) => [id, i]));
  const points = (s: Scored) => s.parts.reduce((n, p) => n + p.points, 0);
  return profiles
    .map((p) => scoreProfile(req, p, ctx))
    .sort(
      (a, b) => b.score - a.score || points(b) - points(a) || order.get(a.candidateId)! - order.get(b.candidateId)!,
    );
}
