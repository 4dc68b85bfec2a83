/**
 * AI match (spec sections 1, 3 and 9): a ranked, explained shortlist from a job description.
 * - matcher/: requirements read from the text, retrieval through search, the transparent score with evidence, the local verdict.
 * - endpoints.ts: the admin routes (start, confirm requirements, cancel, status, results).
 * - run.ts: the match_candidates job: retrieve and score, then judge the best with a language model
 *   (backend/adapters/llm) or the product's matcher, with progress, cancellation and reuse.
 * - settle.ts: the lock a match job holds on its run, by which a cancelled run no job works settles at once.
 * - assessments.ts: verdicts kept for reuse, keyed by project, brief, candidate evidence, model and prompt version.
 * - addressed.ts: text in a profile addressed to the model, found before any call.
 * - prompt.ts: what a model reads of a candidate (nothing that identifies them) and the answer's schema.
 */
export { addressedIn } from './addressed';
export { aiMatchEndpoints } from './endpoints';
export { MATCH_ATTEMPTS, MATCH_QUEUE, matchJobKey, runMatch } from './run';
export { holdRun } from './settle';
export {
  loadProfiles,
  localVerdict,
  MATCH_ACTOR,
  readRequirements,
  requirementsSchema,
  retrieveAndScore,
  scoreContext,
  scoreProfile,
  skillRequirementLabel,
  type MatchProfile,
  type Requirements,
  type Scored,
} from './matcher';
