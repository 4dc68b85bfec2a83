/**
 * The two judged pools of bench:match and of tests/api/ai-match-pools.test.ts, written through the
 * admin API (`post` answers the new candidate's id), and the figures measured on each description:
 * NDCG@10 of the matcher beside keyword search (the required skills joined with OR, as /search ranks
 * them), the lowest score of a candidate built to meet every requirement and the highest of one
 * holding none of the required skills.
 * - constructed: graded candidates per description (graded.ts, jobs.ts), relevance by construction;
 * - synthetic: the demo-like pool with the failure shapes planted (synthetic.ts), relevance by the
 *   recruiter's rubric over every candidate holding a required skill or an accepted title.
 */
import type { Knex } from 'knex';
import {
  loadProfiles,
  MATCH_ACTOR,
  readRequirements,
  retrieveAndScore,
  scoreContext,
  scoreProfile,
} from '../../backend/features/aiMatch';
import { currencyRates, parseSearchParams, searchCandidates } from '../../backend/features/search';
import { abilityFor } from '../../schema/ability';
import { searchStatuses } from '../../schema/rules/visibility';
import { viewerOf } from '../../schema/rules/visibility';
import { rngFrom } from '../../seeds/synthetic/candidateFactory';
import { COUNTS, gradedCandidate, RELEVANCE, type Grade, type Ids } from './graded';
import { jobText, type Job } from './jobs';
import { ndcgAt } from './metrics';
import { holdsNone, judge, plantedCandidate, SHAPE_COUNTS, type Shape, type SyntheticJob } from './synthetic';

export type Post = (body: Record<string, unknown>) => Promise<number>;

export interface JudgedDescription {
  key: string;
  text: string;
  relevance: Map<number, number>;
  /** Built to meet every requirement. */
  fullFit: number[];
  /** Holding none of the required skills. */
  noFit: number[];
}

export interface PoolFigures {
  key: string;
  matcher: number;
  keyword: number;
  /** The lowest score of a full fit, the highest of a no-fit. */
  fullFitMin: number;
  noFitMax: number;
  scored: number;
  ms: number;
}

/** The constructed pool: `gradedCandidate`s of every grade for each job. */
export async function writeConstructed(
  post: Post,
  ids: Ids,
  jobs: Job[],
  languageNames: Map<string, string>,
  year: number,
  onEach: () => void = () => undefined,
): Promise<JudgedDescription[]> {
  const out: JudgedDescription[] = [];
  for (const [j, job] of jobs.entries()) {
    const rng = rngFrom(3000 + j);
    const d: JudgedDescription = {
      key: job.key,
      text: jobText(job, languageNames, j),
      relevance: new Map(),
      fullFit: [],
      noFit: [],
    };
    for (const grade of Object.keys(COUNTS) as Grade[])
      for (let n = 0; n < COUNTS[grade]; n += 1) {
        const id = await post(gradedCandidate(rng, job, ids, grade, n, year));
        d.relevance.set(id, RELEVANCE[grade]);
        if (grade === 'strong') d.fullFit.push(id);
        if (grade === 'none' || grade === 'trap') d.noFit.push(id);
        onEach();
      }
    out.push(d);
  }
  return out;
}

/**
 * The synthetic pool's planted candidates for each job (the synthetic candidates are already in
 * the database), then every candidate holding a required skill or an accepted title judged.
 */
export async function writeSynthetic(
  knex: Knex,
  post: Post,
  ids: Ids,
  jobs: SyntheticJob[],
  year: number,
  onEach: () => void = () => undefined,
): Promise<JudgedDescription[]> {
  const out: JudgedDescription[] = [];
  const today = new Date().toISOString().slice(0, 10);
  const rates = await currencyRates(knex);
  const statuses = searchStatuses(viewerOf(MATCH_ACTOR));
  const planted: { job: number; shape: Shape; n: number; id: number }[] = [];
  for (const [j, job] of jobs.entries()) {
    const rng = rngFrom(7000 + j);
    for (const shape of Object.keys(SHAPE_COUNTS) as Shape[])
      for (let n = 0; n < SHAPE_COUNTS[shape]; n += 1) {
        planted.push({ job: j, shape, n, id: await post(plantedCandidate(rng, job, ids, shape, n, year)) });
        onEach();
      }
  }
  for (const [j, job] of jobs.entries()) {
    const required = job.required.map((alts) => alts.map((s) => ids.skill(s)!));
    const accept = job.accept.map((t) => t.toLowerCase());
    const acceptIds = (await knex('job_titles').whereRaw('lower(name) = any(?)', [accept]).pluck('id')) as number[];
    const { rows } = await knex.raw(
      `select c.id from candidates c where c.status = any(?) and (
         exists (select 1 from jsonb_array_elements(c.skills) e where (e->>'skillId')::int = any(?))
         or c.job_title_looking_for && ?::int[]
         or exists (select 1 from candidate_experiences x where x.candidate_id = c.id and lower(x.title) = any(?)))`,
      [statuses, required.flat(), acceptIds, accept],
    );
    const countryId = (
      await knex('cities')
        .where({ id: ids.city(job.city) })
        .first('country_id')
    ).country_id as number;
    const rate = rates.get(job.currency) ?? 1;
    const facts = {
      required,
      accept: new Set(accept),
      countryId,
      maxSgd: job.salaryMax * rate,
      years: job.years,
      today,
      ratesToSgd: rates,
    };
    const relevance = new Map<number, number>();
    const all = (rows as { id: number }[]).map((r) => r.id);
    const req = await readRequirements(knex, job.text);
    for (let i = 0; i < all.length; i += 2000)
      for (const p of await loadProfiles(knex, all.slice(i, i + 2000), req)) {
        const rel = judge(p, facts);
        if (rel > 0) relevance.set(p.candidateId, rel);
      }
    const mine = planted.filter((p) => p.job === j);
    out.push({
      key: job.key,
      text: job.text,
      relevance,
      fullFit: mine.filter((p) => p.shape === 'full').map((p) => p.id),
      noFit: mine.filter((p) => holdsNone(p.shape, p.n)).map((p) => p.id),
    });
  }
  return out;
}

/** The figures of one judged description: the matcher and keyword search ranked, the full fits and no-fits scored. */
export async function measure(knex: Knex, d: JudgedDescription): Promise<PoolFigures> {
  const req = await readRequirements(knex, d.text);
  const started = performance.now();
  const scored = await retrieveAndScore(knex, req, {});
  const ms = performance.now() - started;
  const words = req.skills
    .filter((s) => s.required)
    .flatMap((s) => [s, ...(s.anyOf ?? [])])
    .map((s) => (s.label.includes(' ') ? `"${s.label}"` : s.label))
    .join(' or ');
  const keyword = await searchCandidates(knex, {
    ability: abilityFor(MATCH_ACTOR),
    actor: MATCH_ACTOR,
    params: parseSearchParams({ ts: words, pp: '30' }),
  });
  const ctx = await scoreContext(knex, req);
  const scoreOf = async (ids: number[]) =>
    (await loadProfiles(knex, ids, req)).map((p) => scoreProfile(req, p, ctx).score);
  const full = await scoreOf(d.fullFit);
  const none = await scoreOf(d.noFit);
  const figures = {
    key: d.key,
    matcher: ndcgAt(
      10,
      scored.map((s) => s.candidateId),
      d.relevance,
    ),
    keyword: ndcgAt(10, keyword.ids, d.relevance),
    fullFitMin: full.length ? Math.min(...full) : Number.NaN,
    noFitMax: none.length ? Math.max(...none) : Number.NaN,
    scored: scored.length,
    ms,
  };
  return figures;
}
