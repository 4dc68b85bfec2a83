/**
 * AI match under /api/v1/projects (spec sections 1, 3 and 9), admins only (the AiMatchRun
 * entity's rules: companies, RaaS companies and candidates are refused with 403).
 *   POST /projects/ai-match                 a job description (text, a PDF/Word `file`, or `projectId`'s own) and
 *                                           optional search filters: reads the requirements, the run waits in review
 *   GET  /projects/ai-match                 runs, newest first (?projectId= for one project's), paginated
 *   POST /projects/ai-match/:id/judge       confirms the requirements (edited or not) and queues the match
 *                                           on the runs' own queue, one at a time (run.ts MATCH_QUEUE)
 *   POST /projects/ai-match/:id/cancel      stops a run before its next candidate; one no job works (not started,
 *                                           its worker gone) settles at once (settle.ts)
 *   GET  /projects/ai-status/:id            the run: state, progress (judged of toJudge), requirements, judge
 *   GET  /projects/ai-match/:id/results     the results, sorted (the score shown) and filtered by recommendation, paginated
 *   POST /projects/ai-match/:id/rerun       the same reviewed requirements matched again as a new run (rerun.ts)
 * Results are added to a project's suggested tab through the pipeline's curation call
 * (POST /projects/candidate/curate), which holds the reach rule.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { entity } from '../../../schema';
import { formatId } from '../../../schema/lib/ids';
import { actorKey, type Actor } from '../../../schema/roles';
import {
  JOB_DESCRIPTION_MIN,
  keyOf,
  MATCH_OPEN,
  MATCH_SOURCE,
  MATCH_STATUS,
  RECOMMENDATION,
  RECOMMENDATIONS,
} from '../../../schema/rules/aiMatch';
import { statusSql } from '../../../schema/rules/visibility';
import { consentWithdrawnSql } from '../../../schema/rules/consents';
import { present, SEARCH, shownColumns, type GateRow } from '../../services/candidateGate';
import { flag, id, int } from '../../../schema/validation/inputs';
import type { AppContext } from '../../context';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest } from '../../errors';
import { queueJob } from '../../services/queue';
import { sniffCvType } from '../../services/documents/extractText';
import { cvLookups } from '../../services/documents/lookups';
import { readCv } from '../../services/documents/readCv';
import { jobDescriptionReads, takeRead } from '../../services/documents/readLimits';
import { DOCUMENT_UPLOAD } from '../../services/documents/uploadSpec';
import {
  PROJECT_FACT_COLUMNS,
  readRequirements,
  requirementsSchema,
  withProjectFacts,
  type MatchFilters,
  type ProjectFacts,
} from './matcher';
import { matchFinished } from './notice';
import { publicRun, runWithTitle, withProjectTitle, type RunRow } from './store';
import { rerunEndpoint } from './rerun';
import { settleCancelled } from './settle';
import { MATCH_ATTEMPTS, MATCH_QUEUE, matchJobKey, settleAbandoned } from './run';

const runDef = entity('aiMatchRun');
const MANAGE = { action: 'manage', subject: 'AiMatchRun' } as const;
const own = (action: 'read' | 'update') => ({ entity: 'aiMatchRun', action }) as const;
const JD_MAX = 100_000;

/** JSON sent as a multipart text part, or as JSON. */
const jsonPart = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (!v.trim()) return undefined;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);

const ids = z.array(z.number().int().positive()).max(50);
/** The search page's filter keys: locations (l), skills (s), languages (lang), employment types (te), salary, experience 0-80, remote. */
const filtersSchema = z
  .object({
    l: ids.optional(),
    s: ids.optional(),
    lang: ids.optional(),
    te: z.array(z.number().int().min(1).max(4)).max(4).optional(),
    salary: z
      .object({
        from: z.number().int().min(0).max(100000),
        to: z.number().int().min(0).max(100000).optional(),
        currency: z.string().regex(/^[A-Z]{3}$/),
      })
      .optional(),
    experience: z
      .object({ from: z.number().int().min(0).max(80), to: z.number().int().min(0).max(80).optional() })
      .optional(),
    remote: z.boolean().optional(),
  })
  .strict();
type Filters = z.infer<typeof filtersSchema>;

function searchFilters(f: Filters): MatchFilters {
  const values: NonNullable<MatchFilters['values']> = {};
  if (f.l?.length) values.l = f.l.map(String);
  if (f.s?.length) values.s = f.s.map(String);
  if (f.lang?.length) values.lang = f.lang.map(String);
  return {
    values,
    enums: f.te?.length ? { te: f.te } : {},
    salary: f.salary,
    experience: f.experience,
    remote: f.remote,
  };
}

const UNREADABLE: Record<string, string> = {
  tooComplex: 'upload.errors.tooComplex',
  unreadable: 'upload.errors.unreadable',
  activeContent: 'upload.errors.activeContent',
  failed: 'upload.errors.unreadable',
};

/**
 * The score sort follows the score shown: the verdict's, else (the model did not judge that candidate: a failed call,
 * a profile addressed to the model) the matcher's, which the row shows.
 */
const SORTS = { score: 'coalesce(r.score, r.match_score)', matchScore: 'r.match_score', rank: 'r.rank' } as const;

/**
 * Reads a job description (typed, a project's own, or an uploaded PDF or DOCX) into requirements and
 * records the run for the admin to confirm.
 */
export async function startMatchRun(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  actor: Actor,
  body: z.output<typeof runBody>,
  file: Express.Multer.File | undefined,
) {
  const { knex } = ctx;
  let text = body.jobDescription?.trim() ?? '';
  let source: number = MATCH_SOURCE.text;
  let fileName: string | null = null;
  let project: (ProjectFacts & { job_description: string | null; jd_text: string | null }) | undefined;
  if (body.projectId !== undefined) {
    project = await knex('projects')
      .where('id', body.projectId)
      .first('id', 'job_description', 'jd_text', ...PROJECT_FACT_COLUMNS);
    if (!project) throw badRequest({ projectId: 'projectId.errors.notFound' });
    if (!text) {
      // The description typed in, else the text read from its uploaded file.
      text = (project.job_description ?? '').trim() || (project.jd_text ?? '').trim();
      source = MATCH_SOURCE.project;
      if (!text) throw badRequest({ projectId: 'aiMatch.noJobDescription' }, 'aiMatch.noJobDescription');
    }
  }
  if (file) {
    const type = sniffCvType(file.buffer);
    if (!type || !file.originalname.toLowerCase().endsWith(`.${type}`))
      throw badRequest({ file: 'upload.errors.unsupportedType' }, 'upload.errors.unsupportedType');
    // Read on the one thread that reads every CV: counted with the person's other job descriptions read.
    await takeRead(ctx, jobDescriptionReads(ctx.config, actor), { data: file.buffer, type, field: 'file' });
    const read = await readCv(file.buffer, type, await cvLookups(knex), ctx.config.cv, { owner: actorKey(actor) });
    if (!read.ok) throw badRequest({ file: UNREADABLE[read.reason] }, UNREADABLE[read.reason]);
    text = read.text.trim();
    source = MATCH_SOURCE.file;
    fileName = file.originalname.slice(0, 255);
  }
  if (!text) throw badRequest({ jobDescription: 'jobDescription.errors.required' });
  if (text.length < JOB_DESCRIPTION_MIN) throw badRequest({ jobDescription: 'jobDescription.errors.tooShort' });
  const read = await readRequirements(knex, text);
  // From a project's own description, the project's fields come first.
  const requirements = project && source === MATCH_SOURCE.project ? await withProjectFacts(knex, read, project) : read;
  const [row] = (await knex('ai_match_runs')
    .insert({
      created_by_id: actor.id ?? null,
      project_id: body.projectId ?? null,
      source,
      file_name: fileName,
      job_description: text.slice(0, JD_MAX),
      requirements: JSON.stringify(requirements),
      filters: JSON.stringify(searchFilters(body.filters ?? {})),
      status: MATCH_STATUS.review,
    })
    .returning('*')) as RunRow[];
  return publicRun(row, ctx.config);
}

const runBody = z.object({
  jobDescription: z.string().max(JD_MAX).optional(),
  projectId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('project').optional()),
  filters: jsonPart(filtersSchema.optional()),
});

/**
 * A page of a run's results, each candidate named through the gate as an admin meets them, with the
 * score, its parts, the verdict and any verdict set aside; the candidates below the judged top are
 * left out unless a recommendation is asked for.
 */
export async function runResults(knex: Knex, runId: number, query: z.output<typeof resultsQuery>) {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 30;
  const sort = query.sort ?? 'score';
  const order = (query.order ?? (sort === 'rank' ? 'asc' : 'desc')).toLowerCase() as 'asc' | 'desc';
  // Only candidates an admin still meets (their status), by the one visibility rule.
  const q = knex('ai_match_results as r')
    .join('candidates as c', 'c.id', 'r.candidate_id')
    .where('r.run_id', runId)
    .whereRaw(statusSql('admin'))
    // A candidate who withdrew consent to AI match leaves past runs' results at once.
    .whereRaw(`not ${consentWithdrawnSql('aiMatch', 'c')}`);
  if (query.recommendation) q.where('r.recommendation', RECOMMENDATION[query.recommendation]);
  if (query.judgedOnly !== false && !query.recommendation) q.whereRaw("coalesce(r.not_judged, '') <> 'belowTop'");
  const [{ count }] = (await q.clone().count({ count: '*' })) as { count: string }[];
  const rows = await q
    .orderByRaw(`${SORTS[sort]} ${order} nulls last, r.rank asc`)
    .offset((page - 1) * perPage)
    .limit(perPage)
    .select('r.*', ...shownColumns(knex, 'admin', SEARCH, 'c'));
  const candidateDef = entity('candidate');
  return {
    data: (rows as (Record<string, unknown> & GateRow)[]).map((r) => {
      const shown = present(r);
      return {
        candidateId: formatId(candidateDef, r.candidate_id as number),
        name: shown.name,
        adminAnonymous: shown.adminAnonymous,
        rank: r.rank,
        matchScore: r.match_score,
        parts: r.parts,
        score: r.score,
        strengths: r.strengths,
        recommendation:
          Object.keys(RECOMMENDATION).find(
            (k) => RECOMMENDATION[k as keyof typeof RECOMMENDATION] === r.recommendation,
          ) ?? null,
        reasoning: r.reasoning,
        judge: r.judge === 1 ? 'model' : r.judge === 2 ? 'product' : null,
        // A model's verdict that was set aside: what it said, and why the matcher's score stands.
        disagreement: r.disagreement
          ? {
              score: r.model_score,
              recommendation: keyOf(RECOMMENDATION, r.model_recommendation as number),
              reason: r.disagreement,
            }
          : null,
        notJudged: r.not_judged,
        notJudgedDetail: r.not_judged_detail,
        reused: r.reused,
      };
    }),
    total: Number(count),
    page,
    perPage,
    run: formatId(runDef, runId),
  };
}

const resultsQuery = z
  .object({
    recommendation: z.enum(RECOMMENDATIONS).optional(),
    judgedOnly: flag().optional(),
    sort: z.enum(['score', 'matchScore', 'rank']).optional(),
    order: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional(),
    page: int().pipe(z.number().min(1).max(10000)).optional(),
    perPage: int().pipe(z.number().min(1).max(100)).optional(),
  })
  .strict();

export const aiMatchEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/projects/ai-match',
    summary: 'Reads a job description into requirements for the admin to confirm',
    access: MANAGE,
    upload: { field: 'file', ...DOCUMENT_UPLOAD },
    input: {
      body: runBody,
    },
    status: 201,
    handler: ({ body, file, actor, ctx }) => startMatchRun(ctx, actor, body, file),
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/ai-match',
    summary: 'AI match runs, newest first',
    access: MANAGE,
    input: {
      query: z
        .object({
          projectId: id('project').optional(),
          page: int().pipe(z.number().min(1).max(10000)).optional(),
          perPage: int().pipe(z.number().min(1).max(100)).optional(),
        })
        .strict(),
    },
    handler: async ({ query, ctx }) => {
      const page = query.page ?? 1;
      const perPage = query.perPage ?? 20;
      await settleAbandoned(ctx.knex, ctx.config);
      const q = withProjectTitle(ctx.knex);
      if (query.projectId !== undefined) q.where('r.project_id', query.projectId);
      const [{ count }] = (await q.clone().clearSelect().count({ count: '*' })) as { count: string }[];
      const rows = (await q
        .orderBy('r.id', 'desc')
        .offset((page - 1) * perPage)
        .limit(perPage)) as RunRow[];
      // `judge`: who judges a run started now (no language model configured: the product's matcher).
      const judge = ctx.config.llm ? 'model' : 'product';
      return { data: rows.map((r) => publicRun(r, ctx.config, false)), total: Number(count), page, perPage, judge };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/projects/ai-match/:id/judge',
    summary: 'Confirms (and may edit) the requirements and starts matching',
    access: MANAGE,
    row: own('update'),
    input: { body: z.object({ requirements: requirementsSchema.optional() }) },
    handler: async ({ row, body, ctx }) => {
      const run = await ctx.knex.transaction(async (trx) => {
        const current = (await trx('ai_match_runs').where('id', row.id).forUpdate().first()) as RunRow;
        if (current.status !== MATCH_STATUS.review) throw new AppError(409, 'aiMatch.notInReview');
        const requirements = body.requirements ?? current.requirements;
        const inputHash = createHash('sha256')
          .update(JSON.stringify([current.job_description, requirements, current.filters]))
          .digest('hex');
        const [saved] = (await trx('ai_match_runs')
          .where('id', current.id)
          .update({
            requirements: JSON.stringify(requirements),
            input_hash: inputHash,
            status: MATCH_STATUS.queued,
            updated_at: new Date(),
          })
          .returning('*')) as RunRow[];
        await queueJob(
          trx,
          'match_candidates',
          { runId: current.id },
          { queueName: MATCH_QUEUE, jobKey: matchJobKey(current.id), maxAttempts: MATCH_ATTEMPTS },
        );
        return saved;
      });
      return runWithTitle(ctx, run.id);
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/projects/ai-match/:id/cancel',
    summary: 'Cancels a run; it stops before its next candidate',
    access: MANAGE,
    row: own('update'),
    handler: async ({ row, actor, ctx }) => {
      const run = await ctx.knex.transaction(async (trx) => {
        const [cancelled] = (await trx('ai_match_runs')
          .where('id', row.id)
          .whereIn('status', MATCH_OPEN)
          .update({ status: MATCH_STATUS.cancelled, finished_at: new Date(), updated_at: new Date() })
          .returning('*')) as RunRow[];
        if (!cancelled) throw new AppError(409, 'aiMatch.notOpen');
        // The admin who started it hears of it, unless they cancelled it themselves.
        await matchFinished(trx, ctx.config, cancelled, 'cancelled', actor);
        // No job at work on it (never started, or its worker gone): settled now, not when a worker comes.
        await settleCancelled(trx, cancelled.id);
        return cancelled;
      });
      return runWithTitle(ctx, run.id);
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/ai-status/:id',
    summary: "An AI match run's state and progress",
    access: MANAGE,
    row: own('read'),
    handler: async ({ row, ctx }) => {
      await settleAbandoned(ctx.knex, ctx.config, row.id as number);
      // A cancelled run whose job has stopped since (its worker gone) settles as it is read.
      await ctx.knex.transaction((trx) => settleCancelled(trx, row.id as number));
      return runWithTitle(ctx, row.id as number);
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/projects/ai-match/:id/results',
    summary: "An AI match run's candidates with their scores, evidence and verdicts",
    access: MANAGE,
    row: own('read'),
    input: {
      query: resultsQuery,
    },
    handler: ({ row, query, ctx }) => runResults(ctx.knex, row.id as number, query),
  }),

  rerunEndpoint,
];
