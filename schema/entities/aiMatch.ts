import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';
import { MATCH_JUDGE, MATCH_SOURCE, MATCH_STATUS, RECOMMENDATION } from '../rules/aiMatch';

/**
 * One AI match (spec sections 1, 3 and 9): the job description an admin started it from (pasted,
 * read from a file, or a project's own), the requirements read from it and confirmed, the search
 * filters, its progress (judged of toJudge, of them `reused` and `asked`) and who judged it.
 * `inputHash` is a SHA-256 of the description, requirements and filters. Verdicts are reused
 * through aiMatchAssessment. Admins only; written by backend/features/aiMatch, no generic route.
 */
export const aiMatchRun = defineEntity({
  name: 'aiMatchRun',
  table: 'ai_match_runs',
  subject: 'AiMatchRun',
  idPrefix: 'AiMatchRun:',
  fields: {
    createdById: f.ref('admin', { onDelete: 'set null' }),
    projectId: f.ref('project', { onDelete: 'set null', index: false }),
    source: f.enum(MATCH_SOURCE, { required: true }),
    fileName: f.string({ max: 255 }),
    jobDescription: f.text({ required: true, max: 100000 }),
    inputHash: f.string({ max: 64, index: true }),
    requirements: f.json({ max: 100000 }),
    filters: f.json({ max: 20000 }),
    status: f.enum(MATCH_STATUS, { required: true, default: MATCH_STATUS.review }),
    judge: f.enum(MATCH_JUDGE),
    model: f.string({ max: 200 }),
    promptVersion: f.string({ max: 40 }),
    retrieved: f.integer({ required: true, default: 0 }),
    toJudge: f.integer({ required: true, default: 0 }),
    judged: f.integer({ required: true, default: 0 }),
    notJudged: f.integer({ required: true, default: 0 }),
    reused: f.integer({ required: true, default: 0 }),
    /** Candidates this run asked its judge about afresh (a model call, whatever its outcome), not reused. */
    asked: f.integer({ required: true, default: 0 }),
    error: f.string({ max: 500 }),
    startedAt: f.datetime(),
    finishedAt: f.datetime(),
    ...f.timestamps(),
  },
  indexes: [['projectId', 'createdAt']],
  permissions: { admin: { manage: true } },
});

/**
 * One candidate of a run: the product matcher's score with its parts and evidence, and the
 * verdict (score 0-100, strengths, recommendation, reasoning) or, when none, why not.
 */
export const aiMatchResult = defineEntity({
  name: 'aiMatchResult',
  table: 'ai_match_results',
  subject: 'AiMatchResult',
  fields: {
    runId: f.ref('aiMatchRun', { required: true, onDelete: 'cascade', index: false }),
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    rank: f.integer({ required: true }),
    matchScore: f.integer({ required: true }),
    parts: f.json({ max: 20000 }),
    score: f.integer(),
    strengths: f.json({ max: 20000 }),
    recommendation: f.enum(RECOMMENDATION),
    reasoning: f.text({ max: 20000 }),
    judge: f.enum(MATCH_JUDGE),
    /**
     * A model's verdict that was not taken (it moved the matcher's score too far, cited facts the
     * profile does not hold, or named a recommendation far from its own score's band): what it
     * said and why it was set aside. The score and recommendation are then the matcher's.
     */
    modelScore: f.integer(),
    modelRecommendation: f.enum(RECOMMENDATION),
    disagreement: f.string({ max: 300 }),
    notJudged: f.string({ max: 40 }),
    /** Why the call failed, for the admin (an HTTP status, a timeout, what did not parse). */
    notJudgedDetail: f.string({ max: 500 }),
    /** Copied from a kept verdict (aiMatchAssessment) of the same scope, brief, evidence, model and prompt version. */
    reused: f.boolean({ required: true, default: false }),
    /**
     * A SHA-256 of what the judge read of the candidate when the verdict was written: the matcher's
     * score, parts and rule-outs and the profile's facts as the prompt puts them (aiMatch/evidence.ts).
     * A later run reuses the verdict only for the same hash; a row without one is never reused.
     */
    evidenceHash: f.string({ max: 64 }),
    judgedAt: f.datetime(),
  },
  indexes: [{ fields: ['runId', 'candidateId'], unique: true }, ['runId', 'rank']],
  permissions: { admin: { manage: true } },
});

/**
 * A verdict kept for reuse (backend/features/aiMatch/assessments.ts): what the judge said of one
 * candidate for one brief, found again by `cacheKey`, a SHA-256 of the scope (the run's project,
 * or none for a run of pasted text or a file), the brief's hash (the job as the prompt puts it),
 * the candidate's evidence hash (the profile's facts and the matcher's side as the prompt puts
 * them), the model (none: the product's matcher) and the prompt version. A restarted run, or a
 * new run of the same brief in the same scope, copies it instead of asking again. Deleted with
 * its candidate or its project; no route.
 */
export const aiMatchAssessment = defineEntity({
  name: 'aiMatchAssessment',
  table: 'ai_match_assessments',
  subject: 'AiMatchAssessment',
  fields: {
    cacheKey: f.string({ required: true, max: 64 }),
    projectId: f.ref('project', { onDelete: 'cascade' }),
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    briefHash: f.string({ required: true, max: 64 }),
    evidenceHash: f.string({ required: true, max: 64 }),
    model: f.string({ max: 200 }),
    promptVersion: f.string({ required: true, max: 40 }),
    score: f.integer({ required: true }),
    strengths: f.json({ max: 20000 }),
    recommendation: f.enum(RECOMMENDATION, { required: true }),
    reasoning: f.text({ max: 20000 }),
    /** Who the verdict is by: the model, or the product when the model's verdict was set aside. */
    judge: f.enum(MATCH_JUDGE, { required: true }),
    modelScore: f.integer(),
    modelRecommendation: f.enum(RECOMMENDATION),
    disagreement: f.string({ max: 300 }),
    judgedAt: f.datetime({ required: true }),
  },
  indexes: [{ fields: ['cacheKey'], unique: true }],
  permissions: {},
});
