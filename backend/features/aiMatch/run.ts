/**
 * One match run, as the match_candidates job does it: retrieve and score with the matcher, keep
 * every retrieved candidate with the matcher's score and evidence, then judge the best
 * `aiMatch.judgeTop`. With a language model (config.llm) two to four calls run at a time; a call
 * that fails or answers malformed marks that candidate "not judged" with the reason and the run
 * goes on; an answer outside the evidence is kept as a disagreement and the matcher's score stands
 * (accept.ts). Without one, the matcher's localVerdict writes the verdict and the run says the product
 * matcher judged. Verdicts already written by an earlier run of the same input hash, judge, model
 * and prompt version are copied, not asked again. Progress (judged of toJudge) is stored after
 * each candidate; a cancelled run stops before its next candidate. Safe to run twice: a run that
 * is not queued or in progress is left alone, and a restarted one starts over. The admin who
 * started the run hears when it ends, done or failed (notice.ts).
 */
import type { Knex } from 'knex';
import { MATCH_JUDGE, MATCH_STATUS, RECOMMENDATION, type NotJudged } from '../../../schema/rules/aiMatch';
import { createLlmAdapter, LlmError, type LlmAdapter } from '../../adapters/llm';
import type { Config } from '../../config';
import { logger } from '../../logger';
import {
  loadProfiles,
  localVerdict,
  retrieveAndScore,
  scoreContext,
  type MatchFilters,
  type Requirements,
  type Scored,
} from './matcher';
import { acceptVerdict, type Judged } from './accept';
import { matchFinished } from './notice';
import { promptFor, PROMPT_VERSION, verdictAnswer } from './prompt';
import { namesToScrub } from '../../services/candidateGate';

const RUNNING: number[] = [MATCH_STATUS.queued, MATCH_STATUS.retrieving, MATCH_STATUS.judging];

/** A run's job: retried after a worker stopped or crashed mid-run (the retry starts over). */
export const MATCH_ATTEMPTS = 3;
export const matchJobKey = (runId: number) => `match_candidates:${runId}`;
/** A locked job whose worker died is taken back by graphile-worker after this long. */
const LOCK_TIMEOUT = '4 hours';

/**
 * Ends as failed the runs still marked running whose job is gone for good: deleted, or its last
 * attempt used up and no worker holding it (a worker stopped or crashed on the last attempt).
 * Their admin hears of it once (the status guard). `runId` limits it to one run.
 */
export async function settleAbandoned(knex: Knex, config: Config, runId?: number): Promise<void> {
  await knex.transaction(async (trx) => {
    const q = trx('ai_match_runs as r')
      .whereIn('r.status', RUNNING)
      .whereNotExists(
        trx('graphile_worker.jobs as j')
          .whereRaw(`j.key = 'match_candidates:' || r.id`)
          .where((w) =>
            w.whereRaw('j.attempts < j.max_attempts').orWhereRaw(`j.locked_at > now() - interval '${LOCK_TIMEOUT}'`),
          ),
      )
      .update({
        status: MATCH_STATUS.failed,
        error: 'the run stopped and was not restarted',
        finished_at: new Date(),
        updated_at: new Date(),
      })
      .returning('*');
    if (runId !== undefined) q.where('r.id', runId);
    for (const ended of (await q) as Parameters<typeof matchFinished>[2][])
      await matchFinished(trx, config, ended, 'failed');
  });
}

interface RunRow {
  id: number;
  status: number;
  requirements: Requirements;
  filters: MatchFilters | null;
  input_hash: string;
  job_description: string;
}

const stillRunning = async (knex: Knex, runId: number) =>
  (await knex('ai_match_runs').where('id', runId).first('status'))?.status === MATCH_STATUS.judging;

async function saveVerdict(
  knex: Knex,
  runId: number,
  candidateId: number,
  { verdict: v, disagreement }: Judged,
  judge: number,
): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('ai_match_results')
      .where({ run_id: runId, candidate_id: candidateId })
      .update({
        score: v.score,
        strengths: JSON.stringify(v.strengths),
        recommendation: RECOMMENDATION[v.recommendation],
        reasoning: v.reasoning,
        judge,
        model_score: disagreement?.score ?? null,
        model_recommendation: disagreement ? RECOMMENDATION[disagreement.recommendation] : null,
        disagreement: disagreement?.reason ?? null,
        not_judged: null,
        not_judged_detail: null,
        judged_at: new Date(),
      });
    await trx('ai_match_runs').where('id', runId).increment('judged', 1).update({ updated_at: new Date() });
  });
}

async function saveFailure(
  knex: Knex,
  runId: number,
  candidateId: number,
  reason: NotJudged,
  detail: string,
): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('ai_match_results')
      .where({ run_id: runId, candidate_id: candidateId })
      .update({ not_judged: reason, not_judged_detail: detail.slice(0, 500) });
    await trx('ai_match_runs').where('id', runId).increment('not_judged', 1).update({ updated_at: new Date() });
  });
}

/** Copies the verdicts an earlier run of the same input, judge, model and prompt wrote; returns the candidates still to judge. */
async function reuse(knex: Knex, run: RunRow, top: Scored[], judge: number, model: string | null): Promise<Scored[]> {
  const { rows } = await knex.raw(
    `update ai_match_results r set score = p.score, strengths = p.strengths, recommendation = p.recommendation, reasoning = p.reasoning,
            judge = p.judge, model_score = p.model_score, model_recommendation = p.model_recommendation,
            disagreement = p.disagreement, reused = true, judged_at = p.judged_at
       from (select distinct on (o.candidate_id) o.* from ai_match_results o join ai_match_runs pr on pr.id = o.run_id
              where pr.id <> ? and pr.input_hash = ? and pr.judge = ? and pr.model is not distinct from ? and pr.prompt_version = ?
                and o.score is not null and o.candidate_id = any(?::int[])
              order by o.candidate_id, o.judged_at desc) p
      where r.run_id = ? and r.candidate_id = p.candidate_id
      returning r.candidate_id`,
    [run.id, run.input_hash, judge, model, PROMPT_VERSION, top.map((s) => s.candidateId), run.id],
  );
  const done = new Set((rows as { candidate_id: number }[]).map((r) => r.candidate_id));
  if (done.size) await knex('ai_match_runs').where('id', run.id).increment({ judged: done.size, reused: done.size });
  return top.filter((s) => !done.has(s.candidateId));
}

async function judgeWithModel(
  knex: Knex,
  llm: LlmAdapter,
  concurrency: number,
  run: RunRow,
  todo: Scored[],
  ranks: Map<number, number>,
): Promise<void> {
  const ids = todo.map((s) => s.candidateId);
  const [profiles, ctx, namesOf] = await Promise.all([
    loadProfiles(knex, ids, run.requirements),
    scoreContext(knex, run.requirements),
    namesToScrub(knex, ids),
  ]);
  const byId = new Map(profiles.map((p) => [p.candidateId, p]));
  const queue = [...todo];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (!(await stillRunning(knex, run.id))) return;
      const profile = byId.get(next.candidateId);
      if (!profile) {
        await saveFailure(knex, run.id, next.candidateId, 'failed', 'profile no longer available');
        continue;
      }
      const { messages, factIds } = promptFor(
        run.requirements,
        next,
        profile,
        ranks.get(next.candidateId)!,
        ctx,
        namesOf.get(next.candidateId) ?? [],
        run.job_description,
      );
      try {
        const answer = await llm.structured(messages, verdictAnswer, 'verdict');
        await saveVerdict(knex, run.id, next.candidateId, acceptVerdict(answer, next, factIds), MATCH_JUDGE.model);
      } catch (err) {
        if (!(err instanceof LlmError)) throw err;
        await saveFailure(knex, run.id, next.candidateId, err.reason, err.message);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, concurrency)) }, worker));
}

export async function runMatch(knex: Knex, config: Config, runId: number): Promise<void> {
  const run = (await knex('ai_match_runs').where('id', runId).first()) as RunRow | undefined;
  if (!run || !RUNNING.includes(run.status)) return;
  try {
    await knex('ai_match_results').where('run_id', runId).delete();
    await knex('ai_match_runs').where('id', runId).update({
      status: MATCH_STATUS.retrieving,
      started_at: new Date(),
      judged: 0,
      not_judged: 0,
      reused: 0,
      error: null,
      updated_at: new Date(),
    });
    const scored = await retrieveAndScore(knex, run.requirements, run.filters ?? {}, {
      retrieve: config.aiMatch.retrieve,
    });
    const top = scored.slice(0, config.aiMatch.judgeTop);
    const judge = config.llm ? MATCH_JUDGE.model : MATCH_JUDGE.product;
    const model = config.llm?.model ?? null;
    await knex.transaction(async (trx) => {
      for (let i = 0; i < scored.length; i += 500)
        await trx('ai_match_results').insert(
          scored.slice(i, i + 500).map((s, j) => ({
            run_id: runId,
            candidate_id: s.candidateId,
            rank: i + j + 1,
            match_score: s.score,
            parts: JSON.stringify(s.parts),
            not_judged: i + j < top.length ? null : 'belowTop',
          })),
        );
      // Cancelled while retrieving: stays cancelled.
      await trx('ai_match_runs').where({ id: runId, status: MATCH_STATUS.retrieving }).update({
        status: MATCH_STATUS.judging,
        retrieved: scored.length,
        to_judge: top.length,
        judge,
        model,
        prompt_version: PROMPT_VERSION,
        updated_at: new Date(),
      });
    });
    const ranks = new Map(scored.map((s, i) => [s.candidateId, i + 1]));
    const todo = await reuse(knex, run, top, judge, model);
    if (config.llm) await judgeWithModel(knex, createLlmAdapter(config.llm), config.llm.concurrency, run, todo, ranks);
    else
      for (const s of todo) {
        if (!(await stillRunning(knex, runId))) break;
        await saveVerdict(knex, runId, s.candidateId, { verdict: localVerdict(s) }, MATCH_JUDGE.product);
      }
    await knex.transaction(async (trx) => {
      const [ended] = await trx('ai_match_runs')
        .where({ id: runId, status: MATCH_STATUS.judging })
        .update({ status: MATCH_STATUS.done, finished_at: new Date(), updated_at: new Date() })
        .returning('*');
      if (ended) await matchFinished(trx, config, ended, 'done');
    });
    // A cancelled run's unjudged shortlist says why.
    await knex('ai_match_results')
      .where('run_id', runId)
      .whereNull('score')
      .whereNull('not_judged')
      .whereExists(knex('ai_match_runs').where({ id: runId, status: MATCH_STATUS.cancelled }))
      .update({ not_judged: 'cancelled' });
  } catch (err) {
    logger.error({ err, runId }, 'an AI match run failed');
    await knex.transaction(async (trx) => {
      const [ended] = await trx('ai_match_runs')
        .where('id', runId)
        .whereIn('status', RUNNING)
        .update({
          status: MATCH_STATUS.failed,
          error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
          finished_at: new Date(),
          updated_at: new Date(),
        })
        .returning('*');
      if (ended) await matchFinished(trx, config, ended, 'failed');
    });
  }
}
