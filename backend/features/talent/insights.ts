/**
 * Profile insights: companies' searches and views are logged as they happen, the pipeline logs
 * shortlists and interview requests (logRecruitmentActivity), and the candidate reads the counts
 * for the past 7 days, 30 days and all time.
 *   POST candidate-search-or-view-log/profile-view        {candidateId, projectId?}
 *   POST candidate-search-or-view-log/search-appearance   {candidates: [ids], projectId?}
 *   GET  candidate-search-or-view-log/profile-insights/:candidateId/:period
 *   GET  candidate-recruitment-stages-activity-log/profile-insights/:candidateId/:period
 * `period` (7, 30 or all) names the window the page highlights as `selected`; every window is returned.
 */
import { subject as asSubject } from '@casl/ability';
import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { entity } from '../../../schema';
import type { Actor } from '../../../schema/roles';
import { parseId } from '../../crud/ids';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { abilityFor } from '../../permissions/ability';

const candidate = entity('candidate');
const SEARCH_LOG = 'CandidateSearchOrViewLog';
const STAGE_LOG = 'CandidateRecruitmentStageLog';
export const LOG_KIND = { searchAppearance: 1, profileView: 2 } as const;
export const ACTIVITY = { stageChanged: 1, interviewRequested: 2 } as const;
/** The shortlist stage id (spec section 4). */
export const SHORTLIST_STAGE = 2;
const MAX_APPEARANCES = 200;
const PERIODS = { '7': 'last7Days', '30': 'last30Days', all: 'allTime' } as const;

const ACTOR_KIND: Partial<Record<Actor['role'], number>> = { admin: 1, company: 2, raasCompany: 2, candidate: 3 };

function actorColumns(actor: Actor) {
  return { actor_kind: ACTOR_KIND[actor.role], actor_id: actor.id, company_id: actor.companyId ?? null };
}

function projectIdOf(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const id = typeof value === 'string' ? Number(value.replace(/^Project:/, '')) : value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2147483647) throw badRequest({ projectId: 'projectId.errors.invalid' });
  return id;
}

/** Records a pipeline event for the insights; called by the pipeline inside its own transaction. */
export async function logRecruitmentActivity(
  trx: Knex | Knex.Transaction,
  event: { candidateId: number; activity: keyof typeof ACTIVITY; projectId?: number; fromStage?: number; toStage?: number; actor?: Actor },
): Promise<void> {
  await trx('candidate_recruitment_stage_logs').insert({
    candidate_id: event.candidateId,
    activity: ACTIVITY[event.activity],
    project_id: event.projectId ?? null,
    from_stage: event.fromStage ?? null,
    to_stage: event.toStage ?? null,
    ...(event.actor ? actorColumns(event.actor) : {}),
  });
}

function counts(column: string) {
  return [
    `count(*) filter (where ${column} and created_at >= now() - interval '7 days')::int`,
    `count(*) filter (where ${column} and created_at >= now() - interval '30 days')::int`,
    `count(*) filter (where ${column})::int`,
  ];
}

async function readTarget(req: Request, subject: string): Promise<{ id: number; period: keyof typeof PERIODS }> {
  if (req.actor.role === 'guest') throw unauthorized();
  const id = parseId(candidate, req.params.candidateId);
  if (!id) throw notFound();
  const period = req.params.period as keyof typeof PERIODS;
  if (!(period in PERIODS)) throw badRequest({ period: 'period.errors.invalid' });
  if (!abilityFor(req.actor).can('read', asSubject(subject, { candidateId: id }))) throw forbidden();
  if (!(await req.ctx.knex('candidates').where('id', id).first('id'))) throw notFound();
  return { id, period };
}

function windows(row: Record<string, number>, prefix: string) {
  return { last7Days: row[`${prefix}7`], last30Days: row[`${prefix}30`], allTime: row[`${prefix}all`] };
}

export function searchOrViewLogRouter(): Router {
  const router = Router();

  router.post('/profile-view', async (req, res) => {
    if (req.actor.role === 'guest') throw unauthorized();
    if (!abilityFor(req.actor).can('create', SEARCH_LOG)) throw forbidden();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const id = parseId(candidate, body.candidateId);
    if (!id) throw badRequest({ candidateId: body.candidateId === undefined ? 'candidateId.errors.required' : 'candidateId.errors.invalid' });
    const projectId = projectIdOf(body.projectId);
    if (!(await req.ctx.knex('candidates').where('id', id).first('id'))) throw badRequest({ candidateId: 'candidateId.errors.notFound' });
    await req.ctx
      .knex('candidate_search_or_view_logs')
      .insert({ candidate_id: id, kind: LOG_KIND.profileView, project_id: projectId, ...actorColumns(req.actor) });
    res.status(201).json({ logged: 1 });
  });

  router.post('/search-appearance', async (req, res) => {
    if (req.actor.role === 'guest') throw unauthorized();
    if (!abilityFor(req.actor).can('create', SEARCH_LOG)) throw forbidden();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const raw = body.candidates;
    if (!Array.isArray(raw) || raw.length === 0) throw badRequest({ candidates: 'candidates.errors.required' });
    if (raw.length > MAX_APPEARANCES) throw badRequest({ candidates: 'candidates.errors.tooMany' });
    const ids = raw.map((v) => parseId(candidate, v));
    if (ids.some((v) => v === undefined)) throw badRequest({ candidates: 'candidates.errors.invalid' });
    const unique = [...new Set(ids as number[])];
    const projectId = projectIdOf(body.projectId);
    const found = (await req.ctx.knex('candidates').whereIn('id', unique).pluck('id')) as number[];
    if (found.length !== unique.length) throw badRequest({ candidates: 'candidates.errors.notFound' });
    const who = actorColumns(req.actor);
    await req.ctx
      .knex('candidate_search_or_view_logs')
      .insert(unique.map((id) => ({ candidate_id: id, kind: LOG_KIND.searchAppearance, project_id: projectId, ...who })));
    res.status(201).json({ logged: unique.length });
  });

  router.get('/profile-insights/:candidateId/:period', async (req, res) => {
    const { id, period } = await readTarget(req, SEARCH_LOG);
    const [s7, s30, sAll] = counts(`kind = ${LOG_KIND.searchAppearance}`);
    const [v7, v30, vAll] = counts(`kind = ${LOG_KIND.profileView}`);
    const row = await req.ctx
      .knex('candidate_search_or_view_logs')
      .where('candidate_id', id)
      .first(req.ctx.knex.raw(`${s7} as s7, ${s30} as s30, ${sAll} as sall, ${v7} as v7, ${v30} as v30, ${vAll} as vall`));
    const searchAppearances = windows(row, 's');
    const views = windows(row, 'v');
    const key = PERIODS[period];
    res.json({
      candidateId: `${candidate.idPrefix}${id}`,
      period,
      searchAppearances,
      views,
      selected: { searchAppearances: searchAppearances[key], views: views[key] },
    });
  });
  return router;
}

export function recruitmentActivityLogRouter(): Router {
  const router = Router();
  router.get('/profile-insights/:candidateId/:period', async (req, res) => {
    const { id, period } = await readTarget(req, STAGE_LOG);
    const [sh7, sh30, shAll] = counts(`activity = ${ACTIVITY.stageChanged} and to_stage = ${SHORTLIST_STAGE}`);
    const [i7, i30, iAll] = counts(`activity = ${ACTIVITY.interviewRequested}`);
    const row = await req.ctx
      .knex('candidate_recruitment_stage_logs')
      .where('candidate_id', id)
      .first(req.ctx.knex.raw(`${sh7} as s7, ${sh30} as s30, ${shAll} as sall, ${i7} as i7, ${i30} as i30, ${iAll} as iall`));
    const shortlists = windows(row, 's');
    const interviewRequests = windows(row, 'i');
    const key = PERIODS[period];
    res.json({
      candidateId: `${candidate.idPrefix}${id}`,
      period,
      shortlists,
      interviewRequests,
      selected: { shortlists: shortlists[key], interviewRequests: interviewRequests[key] },
    });
  });
  return router;
}
