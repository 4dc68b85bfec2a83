/**
 * `POST /projects/recruitment`: moves one candidate or many (a bulk move: the candidates selected
 * in one tab, so all in the same stage) to a new stage, all or nothing in one transaction, with the
 * candidates' project rows locked. The rules are schema/rules/stages.ts; a refusal (409) names the
 * candidates concerned in `candidateIds` and changes nothing:
 *   movedMeanwhile    the move says `fromStage` (the stage the mover's board showed) and a candidate is no
 *                     longer there: someone else moved them meanwhile, and a move made from a stale board is
 *                     not applied from where they are now (a move without `fromStage` starts wherever they are)
 *   notAllowed        the rules refuse the move (a candidate the caller's board does not show is 404, as one it never met)
 *   differentStages   a bulk move of candidates from different tabs
 *   upgradeRequired   a RaaS free-plan project, to interviewing or beyond
 *   guaranteeRequired a power-plan project, to offered or placed, candidate not guaranteed, and the
 *                     move does not say `withoutGuarantee` (the guarantee is an optional protection)
 *   revealRequired    an anonymous candidate would be revealed to the company: confirmReveal
 * A candidate the caller does not reach in the project (schema/rules/visibility.ts) is 404
 * `project.candidate.notFound`, before anything is written. An admin reaches any candidate whose
 * status they see, so a move writing a candidate's first row in a company's project (placing them
 * there) is the platform's curation: refused (403, as the curate call) to an admin who may not curate
 * the project (reach.ts `requireCurates`: an advocate on a project they do not advocate); moving a
 * candidate already in the project is not.
 *   projectInactive   the project is inactive
 *   interviewerBusy   the schedule's interviewer has another candidate's interview then (scheduledInterview.ts)
 * A move to an interview stage keeps its schedule and its first proposed time (`interview_scheduled_at`); a schedule of
 * one proposed time books it, sending the candidate and the interviewer the calendar invitation (scheduledInterview.ts).
 * A move to rejected also withdraws the candidates' open requests in the project (withdrawRequests).
 * Every move is logged with who, from, to and the form data; a reveal is logged too, with the fields it uncovered.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AppAbility } from '../../../schema/ability';
import type { Actor } from '../../../schema/roles';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { specKeys } from '../../../schema/validation/inputs';
import { CANDIDATE_STATUS } from '../../../schema/entities/talentOptions';
import { formatId } from '../../../schema/lib/ids';
import { PROJECT_STATUS, REQUEST_STATE, STAGES, TAB_ORDER, type StageId } from '../../../schema/rules/pipeline';
import { canMove, needsSchedule, upgradeOrGuarantee } from '../../../schema/rules/stages';
import { flag, ids, oneOf, optionalText, text } from '../../../schema/validation/inputs';
import { scheduleSchema } from '../../../schema/validation/schedule';
import { REVEALED_FIELDS, revealsOnMove, seesStatus, viewerOf } from '../../../schema/rules/visibility';
import { id } from '../../../schema/validation/inputs';
import { defineEndpoint } from '../../endpoints/define';
import { AppError, badRequest } from '../../errors';
import { movedByCompany } from '../notifications';
import { logRecruitmentActivity, type RecruitmentEvent } from '../../services/activity';
import { actorName, candidateDef, loadProjectToChange, pipelineRole } from './access';
import { candidateNotFound, placesOf, requireCurates, requireReach } from './reach';
import { pipelineStats } from './stats';
import { analytics } from '../../adapters/analytics';
import { cancelBookings } from '../../services/interviewBooking';
import {
  inviteScheduled,
  lockScheduledInterviewer,
  movedBooking,
  requireInterviewerFree,
  scheduledStart,
} from './scheduledInterview';

/** At most this many candidates move at once (a tab's page holds at most 50). */
export const MAX_BULK = 200;

/** The one interview schedule of schema/validation/schedule.ts, as the interview request reads it too. */
const scheduleForm = scheduleSchema();

export const rejectForm = z.object({ reason: text(500), comment: optionalText(2000) });

const moveBody = specKeys(
  z.object({
    projectId: id('project'),
    candidateId: z.union([id('candidate').transform((n) => [n]), ids('candidate', MAX_BULK)]),
    recruitmentStatus: oneOf(TAB_ORDER),
    /** The stage the mover saw the candidates in (a bulk move's are all in one tab). */
    fromStage: oneOf(TAB_ORDER).optional(),
    rejectFormData: rejectForm.nullish(),
    scheduleFormData: scheduleForm.nullish(),
    confirmReveal: flag().optional(),
    withoutGuarantee: flag().optional(),
  }),
);

const refuse = (code: string, candidateIds: number[]) =>
  new AppError(409, `project.recruitment.errors.${code}`, undefined, undefined, {
    candidateIds: candidateIds.map((c) => formatId(candidateDef, c)),
  });

interface Locked {
  candidate_id: number;
  stage: StageId;
  rejected_from: number | null;
  revealed_at: Date | null;
  guaranteed_at: Date | null;
  interview_scheduled_at: Date | null;
}

type MoveBody = z.output<typeof moveBody>;

/** The stage rules' refusals of a move, each naming its candidates; nothing is written when one applies. */
function checkMove(
  body: MoveBody,
  role: ReturnType<typeof pipelineRole>,
  viewer: ReturnType<typeof viewerOf>,
  project: { project_type: number; plan: number; company_id: number | null },
  rows: Map<number, Locked>,
  places: Awaited<ReturnType<typeof placesOf>>,
): { from: StageId; toReveal: number[] } {
  const to = body.recruitmentStatus as StageId;
  const candidateIds = body.candidateId;
  const person = new Map([...places].map(([c, p]) => [c, p.candidate]));
  const unseen = candidateIds.filter((c) => !person.has(c) || !seesStatus(viewer, person.get(c)!));
  if (unseen.length) throw candidateNotFound(unseen);

  const fromOf = (c: number): StageId => rows.get(c)?.stage ?? STAGES.open;
  const movedMeanwhile = candidateIds.filter((c) => body.fromStage !== undefined && fromOf(c) !== body.fromStage);
  if (movedMeanwhile.length) throw refuse('movedMeanwhile', movedMeanwhile);
  const sources = new Set(candidateIds.map(fromOf));
  if (sources.size > 1) throw refuse('differentStages', candidateIds);
  const from = fromOf(candidateIds[0]);

  const refused = candidateIds.filter((c) => {
    const r = rows.get(c);
    return !canMove(from, to, role, {
      semiActive: person.get(c)!.status === CANDIDATE_STATUS.semiActive,
      interviewScheduled: Boolean(r?.interview_scheduled_at),
      rejectedFrom: r?.rejected_from,
    }).ok;
  });
  if (refused.length) throw refuse('notAllowed', refused);

  const plan = { projectType: project.project_type, plan: project.plan };
  const upgrade = candidateIds.filter(
    (c) => upgradeOrGuarantee(plan, to, Boolean(rows.get(c)?.guaranteed_at)) === 'upgrade',
  );
  if (upgrade.length) throw refuse('upgradeRequired', upgrade);
  const guarantee = candidateIds.filter(
    (c) => upgradeOrGuarantee(plan, to, Boolean(rows.get(c)?.guaranteed_at)) === 'guarantee',
  );
  if (guarantee.length && !body.withoutGuarantee) throw refuse('guaranteeRequired', guarantee);

  // Leaving the suggested tab reveals an anonymous candidate to the project's company, and a
  // hidden one only when an admin curated them into the project (schema/rules/visibility.ts).
  const toReveal = candidateIds.filter((c) => {
    const { candidate, place } = places.get(c)!;
    return revealsOnMove(
      viewer,
      candidate,
      { ...place, revealed: Boolean(rows.get(c)?.revealed_at) },
      Boolean(project.company_id),
    );
  });
  if (toReveal.length && !body.confirmReveal) throw refuse('revealRequired', toReveal);
  return { from, toReveal };
}

/**
 * Every candidate gets a row to lock (a suggested one may have none yet): two moves of the same
 * candidate then run one after the other. A refusal rolls the new rows back. `created`: whether it
 * wrote a row for a candidate who had none, i.e. the move places someone in the project.
 */
async function lockRows(trx: Knex.Transaction, projectId: number, companyId: number | null, candidateIds: number[]) {
  const { rows: created } = await trx.raw(
    `insert into project_candidates (project_id, candidate_id, company_id, stage)
     select ?, c.id, ?, 0 from candidates c where c.id = any(?::int[])
     on conflict (project_id, candidate_id) do nothing
     returning candidate_id`,
    [projectId, companyId, candidateIds],
  );
  const locked = (await trx('project_candidates')
    .where('project_id', projectId)
    .whereIn('candidate_id', candidateIds)
    .orderBy('candidate_id')
    .forUpdate()
    .select(
      'candidate_id',
      'stage',
      'rejected_from',
      'revealed_at',
      'guaranteed_at',
      'interview_scheduled_at',
    )) as Locked[];
  return { rows: new Map(locked.map((r) => [r.candidate_id, r])), created: (created as unknown[]).length > 0 };
}

interface Moved {
  projectId: number;
  companyId: number | null;
  candidateIds: number[];
  from: StageId;
  to: StageId;
  toReveal: number[];
  reject: MoveBody['rejectFormData'];
  schedule: MoveBody['scheduleFormData'];
}

/** Writes the new stage on every candidate's project row. */
async function writeMove(trx: Knex.Transaction, m: Moved): Promise<void> {
  const now = new Date();
  const reveal = new Set(m.toReveal);
  for (const c of m.candidateIds) {
    const values: Record<string, unknown> = {
      stage: m.to,
      rejected_from: m.to === STAGES.rejected ? m.from : null,
      last_recruitment_updated_at: now,
      updated_at: now,
      company_id: m.companyId,
    };
    if (m.reject) values.reject_data = JSON.stringify(m.reject);
    if (m.schedule) {
      values.schedule_data = JSON.stringify(m.schedule);
      // The interview's start, not the move's time (scheduledInterview.ts).
      values.interview_scheduled_at = scheduledStart(m.schedule) ?? null;
    }
    if (reveal.has(c)) values.revealed_at = now;
    await trx('project_candidates')
      .insert({ project_id: m.projectId, candidate_id: c, created_at: now, ...values })
      .onConflict(['project_id', 'candidate_id'])
      .merge(values);
  }
}

/**
 * A move to rejected withdraws the candidates' open interview requests and job descriptions in the project: they end
 * as expired now (REQUEST_STATE has no withdrawn state), so they are neither delivered nor answered, and they do not
 * stop a new request if the candidate is moved back. The candidate's page reads them as withdrawn while the candidate
 * stays rejected (interviews/answer.ts). Their booked interviews (accepted requests) are cancelled, the invitation's
 * cancellation emailed (services/interviewBooking.ts cancelBookings), which frees the interviewer's time.
 */
async function withdrawRequests(trx: Knex.Transaction, config: Config, m: Moved): Promise<void> {
  if (m.to !== STAGES.rejected) return;
  await trx('interview_requests')
    .where({ project_id: m.projectId, state: REQUEST_STATE.sent })
    .whereIn('candidate_id', m.candidateIds)
    .update({ state: REQUEST_STATE.expired, expires_at: trx.fn.now(), updated_at: trx.fn.now() });
  await cancelBookings(trx, config, { projectId: m.projectId, candidateIds: m.candidateIds });
}

/** The move's history: who moved whom from where to where, the reveals, the notices and the analytics event. */
async function recordMove(trx: Knex.Transaction, config: Config, actor: Actor, name: string | null, m: Moved) {
  const base = { projectId: m.projectId, actor, actorName: name, companyId: m.companyId };
  const events: RecruitmentEvent[] = m.candidateIds.map((c) => ({
    ...base,
    candidateId: c,
    activity: 'stageChanged',
    fromStage: m.from,
    toStage: m.to,
    data: { rejectFormData: m.reject ?? undefined, scheduleFormData: m.schedule ?? undefined },
  }));
  for (const c of m.toReveal)
    events.push({
      ...base,
      candidateId: c,
      activity: 'revealed',
      fromStage: m.from,
      toStage: m.to,
      data: { fields: [...REVEALED_FIELDS] },
    });
  await logRecruitmentActivity(trx, events);
  await movedByCompany(trx, config, m.projectId, m.candidateIds, m.to, actor);
  await analytics.record(trx, actor, 'candidates_moved', {
    projectId: m.projectId,
    fromStage: m.from,
    toStage: m.to,
    count: m.candidateIds.length,
  });
}

/**
 * Moves the candidates of a project to `recruitmentStatus`, all or nothing, as the caller: refusals
 * are thrown (400 for a missing form, 404 for a candidate not reached, 409 for the stage rules) and
 * the answer is the project's new tab counts and the ids moved.
 */
export async function moveCandidates(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  ability: AppAbility,
  actor: Actor,
  body: MoveBody,
) {
  const to = body.recruitmentStatus as StageId;
  const candidateIds = body.candidateId;
  if (to === STAGES.rejected && !body.rejectFormData)
    throw badRequest({ 'rejectFormData.reason': 'rejectFormData.reason.errors.required' });
  if (needsSchedule(to) && !body.scheduleFormData)
    throw badRequest({ scheduleFormData: 'scheduleFormData.errors.required' });
  const schedule = needsSchedule(to) ? body.scheduleFormData : null;
  const reject = to === STAGES.rejected ? body.rejectFormData : null;

  const knex = ctx.knex;
  const loaded = await loadProjectToChange(knex, ability, body.projectId);
  // A candidate the caller does not reach in this project is not found, whatever the id.
  await requireReach(knex, ability, actor, loaded, candidateIds);
  const name = await actorName(knex, actor);
  await knex.transaction(async (trx) => {
    // The plan and status as they are now: an upgrade or a cancellation in flight finishes first.
    const project = await trx('projects')
      .where('id', loaded.id)
      .forShare()
      .first('status', 'plan', 'project_type', 'company_id');
    // Deleted meanwhile: as unknown as it now is.
    if (!project) throw new AppError(404, 'project.notFound');
    if (project.status === PROJECT_STATUS.inactive) throw refuse('projectInactive', candidateIds);
    const scope = { companyId: project.company_id, projectId: loaded.id };
    // The interviewer's bookings take turns, before the rows are locked (services/interviewerBusy.ts).
    if (schedule) await lockScheduledInterviewer(trx, scope, schedule);
    const { rows, created } = await lockRows(trx, loaded.id, project.company_id, candidateIds);
    // Placing a candidate in the project (a new row) is the platform's curation for an admin; rolled back when refused.
    if (created) requireCurates(actor, loaded);
    const places = await placesOf(trx, loaded.id, candidateIds);
    const { from, toReveal } = checkMove(body, pipelineRole(actor), viewerOf(actor), project, rows, places);
    if (schedule) await requireInterviewerFree(trx, scope, schedule, candidateIds);
    const moved = {
      projectId: loaded.id,
      companyId: project.company_id,
      candidateIds,
      from,
      to,
      toReveal,
      reject,
      schedule,
    };
    await writeMove(trx, moved);
    await withdrawRequests(trx, ctx.config, moved);
    await recordMove(trx, ctx.config, actor, name, moved);
    const start = schedule && movedBooking(schedule);
    if (start) await inviteScheduled(trx, loaded.id, candidateIds, start);
  });
  const stats = await pipelineStats(knex, ability, actor, loaded);
  return { success: true, stats, moved: candidateIds.map((c) => formatId(candidateDef, c)) };
}

export const recruitmentEndpoint = defineEndpoint({
  method: 'post',
  path: '/projects/recruitment',
  summary: 'Moves candidates of a project to another stage (one or a bulk move, all or nothing)',
  access: { action: 'read', subject: 'Project' },
  input: { body: moveBody },
  handler: ({ body, ability, actor, ctx }) => moveCandidates(ctx, ability, actor, body),
});
