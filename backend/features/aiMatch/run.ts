/**
 * One match run, as the match_candidates job does it: retrieve and score with the matcher, keep
 * every retrieved candidate with the matcher's score and evidence, then judge the best
 * `aiMatch.judgeTop`. Every verdict written is kept (assessments.ts), and a kept verdict of the
 * same project (or of no project), the same brief as the prompt puts it, the same evidence of that
 * candidate (evidence.ts: the profile's facts as the prompt puts them, the matcher's score and
 * parts), model and prompt version is copied, not asked again: a run restarted after a worker
 * stopped, or started again with nothing changed, asks nothing; a changed profile is asked again,
 * that candidate alone; a changed brief, all. The run counts the verdicts copied (`reused`) and
 * the candidates asked afresh (`asked`: a model call, whatever its outcome, or the product's verdict).
 * With a language model (config.llm) two to four calls run at a time. Just before each call the
 * candidate is read again: one the match may no longer assess by retrieval's own rule (consent to
 * AI match withdrawn, paused, erased, outside the filters now) is marked not judged ('unavailable')
 * and nothing of them is sent; otherwise their current profile, scored again, is sent, and the
 * verdict is stored with that score and its parts. A call that fails or answers malformed marks
 * that candidate "not judged" with the reason and the run goes on; an answer outside the evidence
 * is kept as a disagreement and the matcher's score stands (accept.ts), that row's judge then the
 * product's (the run's judge stays the model: what the server was set up with). Without a model, the
 * matcher's localVerdict writes the verdict on the evidence retrieval read and the run says the
 * product matcher judged. Progress (judged of toJudge) is stored after each candidate; one whose
 * row went meanwhile (erased) is counted neither way and leaves toJudge. A cancelled run stops
 * before its next candidate, and one cancelled after it was read but before it started stays
 * cancelled (the start is written only while the run is still running). A verdict the database
 * refuses leaves that candidate not judged ('failed'), as a failed call does; a run that fails
 * stores a key of the catalogue (RUN_ERROR), never an error's text. A run the model judged no
 * candidate of, every call having failed (a model the server does not know, a wrong key), ends
 * failed (RUN_ERROR.model; RUN_ERROR.busy when every failure was a rate limit or a time limit), the first failure's detail shown to admins with it (store.ts
 * modelFailure). Safe to run twice: a run that
 * is not queued or in progress is left alone, and a restarted one starts over. The admin who
 * started the run hears when it ends, done or failed (notice.ts).
 */
import type { Knex } from 'knex';
import { MATCH_JUDGE, MATCH_STATUS, type NotJudged } from '../../../schema/rules/aiMatch';
import { createLlmAdapter, LlmError, type LlmAdapter } from '../../adapters/llm';
import type { Config } from '../../config';
import { logger } from '../../logger';
import {
  localVerdict,
  retrievableCheck,
  retrieveAndScore,
  scoreContext,
  type MatchFilters,
  type Requirements,
  type Scored,
  type ScoreContext,
} from './matcher';
import { acceptVerdict, type Judged } from './accept';
import { addressedToModel } from './addressed';
import { currentEvidence, evidenceFor, type Evidence } from './evidence';
import { jobGoneForGoodSql } from '../../services/queue';
import { matchFinished, RUN_ERROR } from './notice';
import { promptFor, PROMPT_VERSION, verdictAnswer } from './prompt';
import { briefHash, keepVerdict, reuseKept, verdictColumns, type Scope } from './assessments';
import { BUSY_FAILURES, MODEL_FAILURES } from './store';

const RUNNING: number[] = [MATCH_STATUS.queued, MATCH_STATUS.retrieving, MATCH_STATUS.judging];

/** A run's job: retried after a worker stopped or crashed mid-run (the retry starts over). */
export const MATCH_ATTEMPTS = 3;
export const matchJobKey = (runId: number) => `match_candidates:${runId}`;
/**
 * Runs go one at a time on their own queue: a run holds its job for minutes, so without it two
 * runs would hold both slots of a worker of two, and every other job (sign-in codes included) would
 * wait. With the imports' queue (talent/import) that makes two long-running queues, so a worker
 * runs at least three jobs at once (jobs/worker.ts) and one slot always serves the others.
 */
export const MATCH_QUEUE = 'ai_match_runs';

/**
 * Ends as failed the runs still marked running whose job is gone for good: deleted, or its last
 * attempt used up and no worker holding it (a worker stopped or crashed on the last attempt).
 * Their admin hears of it once (the status guard). `runId` limits it to one run.
 */
export async function settleAbandoned(knex: Knex, config: Config, runId?: number): Promise<void> {
  await knex.transaction(async (trx) => {
    const q = trx('ai_match_runs as r')
      .whereIn('r.status', RUNNING)
      .whereRaw(jobGoneForGoodSql(`'match_candidates:' || r.id`))
      .update({
        status: MATCH_STATUS.failed,
        error: RUN_ERROR.stopped,
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
  project_id: number | null;
  status: number;
  requirements: Requirements;
  filters: MatchFilters | null;
  input_hash: string;
  job_description: string;
}

const stillRunning = async (knex: Knex, runId: number) =>
  (await knex('ai_match_runs').where('id', runId).first('status'))?.status === MATCH_STATUS.judging;

/**
 * Counts a candidate judged or not judged; one whose row went while they were judged (erased, the
 * row going with them) is counted neither and leaves the run's shortlist instead.
 */
const countIn = (trx: Knex.Transaction, runId: number, updated: number, column: 'judged' | 'not_judged') =>
  trx('ai_match_runs')
    .where('id', runId)
    .increment(updated ? column : 'to_judge', updated ? 1 : -1)
    .update({ updated_at: new Date() });

/**
 * Writes a verdict with the evidence it was given on (the matcher's score and parts, and their
 * hash), and keeps it for reuse in the run's scope (assessments.ts).
 */
async function saveVerdict(
  knex: Knex,
  runId: number,
  scope: Scope,
  judged: Judged,
  judge: number,
  evidence: Evidence,
): Promise<void> {
  const { scored, hash } = evidence;
  await knex.transaction(async (trx) => {
    const judgedAt = new Date();
    const updated = await trx('ai_match_results')
      .where({ run_id: runId, candidate_id: scored.candidateId })
      .update({
        match_score: scored.score,
        parts: JSON.stringify(scored.parts),
        ...verdictColumns(judged, judge),
        not_judged: null,
        not_judged_detail: null,
        evidence_hash: hash,
        judged_at: judgedAt,
      });
    await countIn(trx, runId, updated, 'judged');
    if (updated) await keepVerdict(trx, scope, judged, judge, evidence, judgedAt);
  });
}

/** Counts a candidate asked afresh. */
const countAsked = (knex: Knex, runId: number) => knex('ai_match_runs').where('id', runId).increment('asked', 1);

async function saveFailure(
  knex: Knex,
  runId: number,
  candidateId: number,
  reason: NotJudged,
  detail: string,
): Promise<void> {
  await knex.transaction(async (trx) => {
    const updated = await trx('ai_match_results')
      .where({ run_id: runId, candidate_id: candidateId })
      // PostgreSQL refuses a NUL character in text; an error's message may quote what the model sent.
      .update({ not_judged: reason, not_judged_detail: detail.split('\u0000').join('').slice(0, 500) });
    await countIn(trx, runId, updated, 'not_judged');
  });
}

interface Judging {
  knex: Knex;
  llm: LlmAdapter;
  run: RunRow;
  ctx: ScoreContext;
  ranks: Map<number, number>;
  scope: Scope;
  /** Retrieval's rule asked again (matcher/retrieve.ts retrievableCheck). */
  retrievable: (candidateId: number) => Promise<boolean>;
}

/**
 * One candidate to the model. Read again first: one the match may no longer assess (consent
 * withdrawn, paused, erased, outside the filters now) is not sent, and what is sent is current.
 */
async function judgeOne(judging: Judging, candidateId: number): Promise<void> {
  const { knex, llm, run, ctx, ranks, retrievable } = judging;
  const now = await currentEvidence(knex, run.requirements, ctx, candidateId, retrievable);
  if (!now) {
    const detail = 'no longer one a match may assess (consent, status or filters)';
    return saveFailure(knex, run.id, candidateId, 'unavailable', detail);
  }
  // Text in the candidate's words addressed to the model: not sent, the matcher's score stands, the admin reads it quoted.
  const addressed = addressedToModel(now.profile);
  if (addressed) return saveFailure(knex, run.id, candidateId, 'addressedToModel', addressed);
  const rank = ranks.get(candidateId)!;
  const { messages, factIds } = promptFor(
    run.requirements,
    now.scored,
    now.profile,
    rank,
    ctx,
    now.names,
    run.job_description,
  );
  let judged: Judged;
  await countAsked(knex, run.id);
  try {
    judged = acceptVerdict(await llm.structured(messages, verdictAnswer, 'verdict'), now.scored, factIds);
  } catch (err) {
    if (!(err instanceof LlmError)) throw err;
    return saveFailure(knex, run.id, candidateId, err.reason, err.message);
  }
  try {
    // A verdict set aside leaves the matcher's: the product judged that candidate, not the model.
    const judge = judged.disagreement ? MATCH_JUDGE.product : MATCH_JUDGE.model;
    await saveVerdict(knex, run.id, judging.scope, judged, judge, now);
  } catch (err) {
    // One verdict the database refuses leaves that candidate not judged; the run goes on.
    logger.error({ err, runId: run.id, candidateId }, 'an AI match verdict could not be saved');
    await saveFailure(knex, run.id, candidateId, 'failed', 'the verdict could not be saved');
  }
}

/** The candidates to the model, `concurrency` (one to four) at a time, until done or cancelled. */
async function judgeWithModel(judging: Judging, concurrency: number, todo: number[]): Promise<void> {
  const queue = [...todo];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (!(await stillRunning(judging.knex, judging.run.id))) return;
      await judgeOne(judging, next);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(4, concurrency)) }, worker));
}

/** The product matcher's verdicts, on the evidence retrieval read. */
async function judgeLocally(knex: Knex, runId: number, scope: Scope, todo: number[], evidence: Map<number, Evidence>) {
  for (const id of todo) {
    if (!(await stillRunning(knex, runId))) break;
    const found = evidence.get(id);
    if (found) {
      await countAsked(knex, runId);
      await saveVerdict(knex, runId, scope, { verdict: localVerdict(found.scored) }, MATCH_JUDGE.product, found);
    } else await saveFailure(knex, runId, id, 'unavailable', 'the profile is no longer there');
  }
}

/** Keeps every retrieved candidate with the matcher's score, the run now judging (unless cancelled meanwhile). */
async function keepRetrieved(
  knex: Knex,
  runId: number,
  scored: Scored[],
  toJudge: number,
  by: { judge: number; model: string | null },
) {
  await knex.transaction(async (trx) => {
    for (let i = 0; i < scored.length; i += 500)
      await trx('ai_match_results').insert(
        scored.slice(i, i + 500).map((s, j) => ({
          run_id: runId,
          candidate_id: s.candidateId,
          rank: i + j + 1,
          match_score: s.score,
          parts: JSON.stringify(s.parts),
          not_judged: i + j < toJudge ? null : 'belowTop',
        })),
      );
    // Cancelled while retrieving: stays cancelled.
    await trx('ai_match_runs')
      .where({ id: runId, status: MATCH_STATUS.retrieving })
      .update({
        status: MATCH_STATUS.judging,
        retrieved: scored.length,
        to_judge: toJudge,
        ...by,
        prompt_version: PROMPT_VERSION,
        updated_at: new Date(),
      });
  });
}

/**
 * Ends a run still judging (its admin told): done, or failed (RUN_ERROR.model) when no candidate was judged because
 * every call to the model failed, so the run does not say "Verdicts by the language model" of none. A cancelled
 * run's unjudged shortlist says why.
 */
async function finish(knex: Knex, config: Config, runId: number): Promise<void> {
  await knex.transaction(async (trx) => {
    const modelFailed = trx('ai_match_results')
      .where('run_id', runId)
      .whereIn('not_judged', MODEL_FAILURES)
      .select(trx.raw('1'));
    // Only rate limits and time limits met: the model was busy, not misconfigured.
    const misconfigured = await trx('ai_match_results')
      .where('run_id', runId)
      .whereIn(
        'not_judged',
        MODEL_FAILURES.filter((r) => !BUSY_FAILURES.includes(r)),
      )
      .first('candidate_id');
    const error = misconfigured ? RUN_ERROR.model : RUN_ERROR.busy;
    const [failed] = await trx('ai_match_runs')
      .where({ id: runId, status: MATCH_STATUS.judging, judged: 0 })
      .whereExists(modelFailed)
      .update({ status: MATCH_STATUS.failed, error, finished_at: new Date(), updated_at: new Date() })
      .returning('*');
    if (failed) return matchFinished(trx, config, failed, 'failed');
    const [ended] = await trx('ai_match_runs')
      .where({ id: runId, status: MATCH_STATUS.judging })
      .update({ status: MATCH_STATUS.done, finished_at: new Date(), updated_at: new Date() })
      .returning('*');
    if (ended) await matchFinished(trx, config, ended, 'done');
  });
  await knex('ai_match_results')
    .where('run_id', runId)
    .whereNull('score')
    .whereNull('not_judged')
    .whereExists(knex('ai_match_runs').where({ id: runId, status: MATCH_STATUS.cancelled }))
    .update({ not_judged: 'cancelled' });
}

export async function runMatch(knex: Knex, config: Config, runId: number): Promise<void> {
  const run = (await knex('ai_match_runs').where('id', runId).first()) as RunRow | undefined;
  if (!run || !RUNNING.includes(run.status)) return;
  try {
    // Only a run still running starts: one cancelled since it was read above stays cancelled.
    const started = await knex('ai_match_runs').where('id', runId).whereIn('status', RUNNING).update({
      status: MATCH_STATUS.retrieving,
      started_at: new Date(),
      judged: 0,
      not_judged: 0,
      reused: 0,
      asked: 0,
      error: null,
      updated_at: new Date(),
    });
    if (!started) return;
    await knex('ai_match_results').where('run_id', runId).delete();
    const scored = await retrieveAndScore(knex, run.requirements, run.filters ?? {}, {
      retrieve: config.aiMatch.retrieve,
    });
    const top = scored.slice(0, config.aiMatch.judgeTop);
    const judge = config.llm ? MATCH_JUDGE.model : MATCH_JUDGE.product;
    const model = config.llm?.model ?? null;
    await keepRetrieved(knex, runId, scored, top.length, { judge, model });
    const ctx = await scoreContext(knex, run.requirements);
    const evidence = await evidenceFor(knex, run.requirements, ctx, top);
    const scope = { projectId: run.project_id, brief: briefHash(run.requirements, ctx, run.job_description), model };
    const reused = await reuseKept(knex, runId, scope, evidence);
    const todo = top.map((s) => s.candidateId).filter((id) => !reused.has(id));
    if (config.llm) {
      const retrievable = await retrievableCheck(knex, run.filters ?? {});
      const ranks = new Map(scored.map((s, i) => [s.candidateId, i + 1]));
      const llm = createLlmAdapter(config.llm);
      await judgeWithModel({ knex, llm, run, ctx, ranks, scope, retrievable }, config.llm.concurrency, todo);
    } else await judgeLocally(knex, runId, scope, todo, evidence);
    await finish(knex, config, runId);
  } catch (err) {
    logger.error({ err, runId }, 'an AI match run failed');
    await knex.transaction(async (trx) => {
      const [ended] = await trx('ai_match_runs')
        .where('id', runId)
        .whereIn('status', RUNNING)
        .update({
          status: MATCH_STATUS.failed,
          error: RUN_ERROR.failed,
          finished_at: new Date(),
          updated_at: new Date(),
        })
        .returning('*');
      if (ended) await matchFinished(trx, config, ended, 'failed');
    });
  }
}
