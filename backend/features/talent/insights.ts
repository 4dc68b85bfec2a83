/**
 * Profile insights: companies' searches and views are logged as they happen, the pipeline logs
 * shortlists, interview requests and reveals (backend/services/activity.ts), and the candidate reads the counts
 * for the past 7 days, 30 days and all time (calendar days in UTC, today included), read from the
 * daily rollup and today's raw rows (backend/features/dashboards/rollups.ts).
 *   POST candidate-search-or-view-log/profile-view        {candidateId, projectId?}
 *   POST candidate-search-or-view-log/search-appearance   {candidates: [ids], projectId?}
 *   GET  candidate-search-or-view-log/profile-insights/:candidateId/:period
 *   GET  candidate-recruitment-stages-activity-log/profile-insights/:candidateId/:period
 * `period` (7, 30 or all) names the window the page highlights as `selected`; every window is returned.
 *
 * A view is logged only of a profile the caller may open, where they may open it: the profile
 * panel's own rule (search's openProfile), so a paused candidate, one the caller's search does not
 * find, or a project the caller does not read or reach the candidate in is 404 as the panel answers,
 * and nothing is written. A search appearance is logged only of candidates the caller's search finds, in a project
 * they read. Views rank popular candidates, so each person logs a bounded number a window (`searchLogLimit`, the
 * allowance search's own answers spend too).
 */
import { subject as asSubject } from '@casl/ability';
import { z } from 'zod';
import { entity } from '../../../schema';
import { searchStatuses, statusSql, viewerOf } from '../../../schema/rules/visibility';
import { INSIGHT_KIND } from '../../../schema/entities/internal/dailyRollups';
import { id, ids } from '../../../schema/validation/inputs';
import { badRequest, forbidden, notFound } from '../../errors';
import { defineEndpoint, type Call } from '../../endpoints/define';
import { insightCounts } from '../dashboards';
import { loadProject, projectPlace } from '../pipeline';
import { openProfile, searchLogLimit } from '../search';
import { actorColumns, LOG_KIND } from '../../services/activity';

const candidate = entity('candidate');
const SEARCH_LOG = 'CandidateSearchOrViewLog';
const STAGE_LOG = 'CandidateRecruitmentStageLog';
const MAX_APPEARANCES = 200;
const PERIODS = { '7': 'last7Days', '30': 'last30Days', all: 'allTime' } as const;

const windows = (c: { d7: number; d30: number; all: number }) => ({
  last7Days: c.d7,
  last30Days: c.d30,
  allTime: c.all,
});

// Project ids are plain numbers until projects are an entity of their own.
const projectId = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === null || raw === '') return null;
    const n = typeof raw === 'string' ? Number(raw.replace(/^Project:/, '')) : raw;
    if (!Number.isInteger(n) || n <= 0 || n > 2147483647) {
      ctx.addIssue({ code: 'custom', message: 'invalid', input: raw });
      return z.NEVER;
    }
    return n;
  });

const insightParams = z.object({ candidateId: id('candidate'), period: z.enum(['7', '30', 'all']) });

/** The candidate whose insights are read: 403 unless the log's read rule covers them, 404 when unknown. */
async function insightTarget(
  call: Call<typeof insightParams>,
  subject: string,
): Promise<{ id: number; key: (typeof PERIODS)[keyof typeof PERIODS] }> {
  const { candidateId } = call.params;
  if (!call.ability.can('read', asSubject(subject, { candidateId }))) throw forbidden();
  if (!(await call.ctx.knex('candidates').where('id', candidateId).first('id'))) throw notFound();
  return { id: candidateId, key: PERIODS[call.params.period] };
}

export const insightEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/candidate-search-or-view-log/profile-view',
    summary: 'Logs that a company user or admin opened a profile they may open',
    access: { action: 'create', subject: SEARCH_LOG },
    input: { body: z.object({ candidateId: id('candidate'), projectId }) },
    status: 201,
    // Counted before the reach check, so probing ids spends the same allowance as viewing.
    limits: ({ actor }) => [searchLogLimit('profileView', actor)],
    handler: async ({ body, actor, ability, ctx }) => {
      await openProfile(ctx, ability, actor, projectPlace, String(body.candidateId), {
        projectId: body.projectId === null ? undefined : String(body.projectId),
      });
      await ctx.knex('candidate_search_or_view_logs').insert({
        candidate_id: body.candidateId,
        kind: LOG_KIND.profileView,
        project_id: body.projectId,
        ...actorColumns(actor),
      });
      return { logged: 1 };
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/candidate-search-or-view-log/search-appearance',
    summary: 'Logs the candidates a search showed',
    access: { action: 'create', subject: SEARCH_LOG },
    input: { body: z.object({ candidates: ids('candidate', MAX_APPEARANCES), projectId }) },
    status: 201,
    limits: ({ actor }) => [searchLogLimit('searchAppearance', actor)],
    handler: async ({ body, actor, ability, ctx }) => {
      // Only candidates the caller's search finds (visibility.ts): any other id is answered as one that names nobody.
      const viewer = viewerOf(actor);
      const found = (await ctx
        .knex('candidates as c')
        .whereIn('c.id', body.candidates)
        .whereIn('c.status', searchStatuses(viewer))
        .whereRaw(statusSql(viewer))
        .pluck('c.id')) as number[];
      if (found.length !== new Set(body.candidates).size)
        throw badRequest({ candidates: 'candidates.errors.notFound' });
      if (body.projectId !== null && body.projectId !== undefined)
        await loadProject(ctx.knex, ability, { id: body.projectId });
      const who = actorColumns(actor);
      await ctx.knex('candidate_search_or_view_logs').insert(
        body.candidates.map((c) => ({
          candidate_id: c,
          kind: LOG_KIND.searchAppearance,
          project_id: body.projectId,
          ...who,
        })),
      );
      return { logged: body.candidates.length };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/candidate-search-or-view-log/profile-insights/:candidateId/:period',
    summary: "A candidate's search appearances and profile views",
    access: 'signedIn',
    input: { params: insightParams },
    handler: async (call) => {
      const { id: candidateId, key } = await insightTarget(call, SEARCH_LOG);
      const counts = await insightCounts(call.ctx.knex, candidateId);
      const searchAppearances = windows(counts[INSIGHT_KIND.searchAppearance]);
      const views = windows(counts[INSIGHT_KIND.profileView]);
      return {
        candidateId: `${candidate.idPrefix}${candidateId}`,
        period: call.params.period,
        searchAppearances,
        views,
        selected: { searchAppearances: searchAppearances[key], views: views[key] },
      };
    },
  }),

  defineEndpoint({
    method: 'get',
    path: '/candidate-recruitment-stages-activity-log/profile-insights/:candidateId/:period',
    summary: "A candidate's shortlists, interview requests and reveals to companies",
    access: 'signedIn',
    input: { params: insightParams },
    handler: async (call) => {
      const { id: candidateId, key } = await insightTarget(call, STAGE_LOG);
      const counts = await insightCounts(call.ctx.knex, candidateId);
      const shortlists = windows(counts[INSIGHT_KIND.shortlist]);
      const interviewRequests = windows(counts[INSIGHT_KIND.interviewRequest]);
      const reveals = windows(counts[INSIGHT_KIND.reveal]);
      return {
        candidateId: `${candidate.idPrefix}${candidateId}`,
        period: call.params.period,
        shortlists,
        interviewRequests,
        reveals,
        selected: { shortlists: shortlists[key], interviewRequests: interviewRequests[key], reveals: reveals[key] },
      };
    },
  }),
];
