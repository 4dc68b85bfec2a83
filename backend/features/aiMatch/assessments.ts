/**
 * Verdicts kept for reuse (the aiMatchAssessment entity), so that a run restarted (a worker that
 * stopped mid-run, a run started again after a failure, or again with nothing changed) asks the
 * judge only about what changed, and a recruiter's ranking does not move for no reason.
 *
 * A kept verdict is found by its key, a SHA-256 of everything it depends on:
 * - the scope: the run's project, or none for a run of pasted text or a file. A verdict's reasoning
 *   may quote the brief, so one project's verdicts never serve another project's run, even of the
 *   same text (another company's, or the same company's);
 * - the brief: the hash of the job exactly as the prompt puts it (prompt.ts jobOf: the description
 *   scrubbed and cut to length, and the confirmed requirements as worded for the model). The
 *   filters are not in it: they choose whom a run reads, not what the judge reads of them;
 * - the candidate: their evidence hash (evidence.ts: the profile's facts as the prompt puts them,
 *   and the matcher's score and parts), so a changed profile is asked again, that candidate alone;
 * - the model (none: the product's matcher) and PROMPT_VERSION.
 * A changed brief changes every key of the run, so every candidate is asked again. Each verdict
 * written is kept under its key (the newest replaces an older one of the same key); a call that
 * failed keeps nothing. Rows go with their candidate or their project.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { RECOMMENDATION } from '../../../schema/rules/aiMatch';
import type { Judged } from './accept';
import { stableJson, type Evidence } from './evidence';
import type { Requirements, ScoreContext } from './matcher';
import { jobOf, PROMPT_VERSION } from './prompt';

/** What a run's kept verdicts are keyed by, besides each candidate's evidence. */
export interface Scope {
  projectId: number | null;
  /** briefHash of the run. */
  brief: string;
  /** The model judging; null for the product's matcher. */
  model: string | null;
}

const sha256 = (value: unknown) => createHash('sha256').update(stableJson(value)).digest('hex');

/** The SHA-256 of the job as the prompt puts it. */
export const briefHash = (req: Requirements, ctx: ScoreContext, jobDescription: string) =>
  sha256(jobOf(req, ctx, jobDescription));

/** The key of a verdict on `evidenceHash` in `scope`. */
export const cacheKey = (scope: Scope, evidenceHash: string) =>
  sha256({
    project: scope.projectId,
    brief: scope.brief,
    evidence: evidenceHash,
    model: scope.model,
    prompt: PROMPT_VERSION,
  });

/** A verdict's columns, as a run's result and a kept verdict both hold them. */
export const verdictColumns = ({ verdict: v, disagreement }: Judged, judge: number) => ({
  score: v.score,
  strengths: JSON.stringify(v.strengths),
  recommendation: RECOMMENDATION[v.recommendation],
  reasoning: v.reasoning,
  judge,
  model_score: disagreement?.score ?? null,
  model_recommendation: disagreement ? RECOMMENDATION[disagreement.recommendation] : null,
  disagreement: disagreement?.reason ?? null,
});

/** Keeps a verdict just written on `evidence`, in the transaction that wrote it. */
export async function keepVerdict(
  trx: Knex.Transaction,
  scope: Scope,
  judged: Judged,
  judge: number,
  evidence: Evidence,
  judgedAt: Date,
): Promise<void> {
  await trx('ai_match_assessments')
    .insert({
      cache_key: cacheKey(scope, evidence.hash),
      project_id: scope.projectId,
      candidate_id: evidence.scored.candidateId,
      brief_hash: scope.brief,
      evidence_hash: evidence.hash,
      model: scope.model,
      prompt_version: PROMPT_VERSION,
      ...verdictColumns(judged, judge),
      judged_at: judgedAt,
    })
    .onConflict('cache_key')
    .merge();
}

/**
 * Copies into run `runId`'s results the kept verdicts of its candidates' evidence in `scope`, and
 * counts them judged and reused; returns the candidates whose verdict was copied.
 */
export async function reuseKept(
  knex: Knex,
  runId: number,
  scope: Scope,
  evidence: Map<number, Evidence>,
): Promise<Set<number>> {
  const known = [...evidence.values()];
  const { rows } = await knex.raw(
    `update ai_match_results r
        set score = a.score, strengths = a.strengths, recommendation = a.recommendation, reasoning = a.reasoning,
            judge = a.judge, model_score = a.model_score, model_recommendation = a.model_recommendation,
            disagreement = a.disagreement, evidence_hash = a.evidence_hash, reused = true, judged_at = a.judged_at
       from unnest(?::int[], ?::text[]) as k(candidate_id, cache_key)
       join ai_match_assessments a on a.cache_key = k.cache_key and a.candidate_id = k.candidate_id
      where r.run_id = ? and r.candidate_id = k.candidate_id
      returning r.candidate_id`,
    [known.map((e) => e.scored.candidateId), known.map((e) => cacheKey(scope, e.hash)), runId],
  );
  const done = new Set((rows as { candidate_id: number }[]).map((r) => r.candidate_id));
  if (done.size) await knex('ai_match_runs').where('id', runId).increment({ judged: done.size, reused: done.size });
  return done;
}
