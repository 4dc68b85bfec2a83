/**
 * The candidate's side (spec sections 2, 4 and 7): the token in the emailed link reads the request
 * (`check`), approves or rejects it. A request changes state once; a second answer through the same
 * token changes nothing and reports the token as used. A request whose project is no longer active,
 * or whose company is not, is neither read as open nor answered (409); nor is one whose candidate the
 * sender may no longer reach (paused, erased, consent to be shown to companies withdrawn: 410, as an
 * expired request). Unknown and malformed tokens say nothing about any request.
 *
 * Accepting an interview request books one of its proposed times (chooseSlot): with more than one still ahead the
 * candidate names it (`slot`, as typed in the schedule: "2027-03-02T10:00" in the request's zone), and without a
 * valid one the answer is a 400 on `slot`; a single time still ahead is chosen by accepting. A time whose interval
 * ([start, start + duration)) overlaps one another candidate booked with the same interviewer (by email) on any
 * project of the same company, by accepting a request or through a move to an interview stage, is refused (409
 * `slotTaken`, on `slot`), and the request stays open for another choice;
 * a booking whose candidate may no longer be reached (moved to rejected, paused, hidden, erased) books nothing: it is
 * cancelled then (services/interviewBooking.ts cancelBookings). The choice is kept in the request's schedule
 * (`chosenSlot`), which the calendar invitation and the answer's emails read (rules.ts interviewStart, delivery.ts). A
 * request whose proposed times have all passed is not accepted (409 `project.errors.noTimeLeft`); one without proposed
 * times is accepted as before, booking nothing.
 *
 * A used link (the request answered) answers its outcome only (`isTokenUsed`, `state`): nothing of the project or the
 * interview, whatever became of them since (closed, erased, past its validity).
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { actorRefs, type Actor } from '../../../schema/roles';
import { REQUEST_KIND, REQUEST_STATE } from '../../../schema/rules/pipeline';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { Config } from '../../config';
import { interviewAnswered } from '../notifications';
import { logRecruitmentActivity } from '../../services/activity';
import { queueJob } from '../../services/queue';
import {
  answerOutcome,
  companyShown,
  jdFileShown,
  projectAnswerable,
  REJECT_REASONS,
  startText,
  stateName,
  type ScheduleData,
} from './rules';
import { TOKEN_PATTERN, tokenHash } from './tokens';
import { candidateReachable, stillConsidered } from './deliverable';
import { localToInstant, validZone, zoneOffsetMinutes } from '../../../schema/rules/timeZones';
import { LAST_ZONE } from '../../../schema/rules/dates';
import { bookedInterval, cancelBookings } from '../../services/interviewBooking';
import { lockInterviewer, movedBookingClashes } from '../../services/interviewerBusy';

export interface RequestRow {
  id: number;
  guid: string;
  project_id: number;
  candidate_id: number;
  company_id: number | null;
  kind: number;
  channel: number;
  state: number;
  jd_header: string | null;
  jd_body: string | null;
  jd_footer: string | null;
  schedule_data: ScheduleData | null;
  sent_by_admin_id: number | null;
  expires_at: Date;
  created_at: Date;
}

type Slot = { date: string; startTime: string; endTime: string };

/** A request's schedule once accepted: `chosenSlot` is the proposed time the candidate booked. */
type Booked = ScheduleData & { chosenSlot?: string };

/** The slots still ahead of `now`, each read in `zone` (when the zone is not known, in the last zone of all). */
function slotsAhead(slots: Slot[], zone: string | undefined, now: Date): Slot[] {
  return slots.filter((s) => {
    const start = localToInstant(`${String(s.date ?? '').slice(0, 10)}T${s.startTime ?? ''}`, zone ?? LAST_ZONE);
    return !start || start.getTime() > now.getTime();
  });
}

/**
 * What the candidate's page shows: the role, the company (or "a company"), the job description and, for an interview
 * request, the interview sent with it and its times still ahead. The times are the request's own proposed slots in
 * its schedule's zone, else the project's own date/time slots: in the schedule's zone when it names one (as the
 * calendar invitation reads them, rules.ts interviewStart), else with no zone the product knows, which the page labels
 * as the company's local time. Only what was sent with the request is shown: a stage schedule written on the
 * candidate's project row later (or earlier, for another interview) is not this request's.
 */
export async function projectData(knex: Knex | Knex.Transaction, request: RequestRow) {
  const project = await knex('projects as p')
    .leftJoin('companies as c', 'c.id', 'p.company_id')
    .leftJoin('job_titles as jt', 'jt.id', 'p.job_title_id')
    .where('p.id', request.project_id)
    .first(
      'p.title',
      'p.is_confidential',
      'p.job_description',
      'p.jd_file_name',
      'p.jd_file_path',
      'p.date_time_slots',
      'p.working_mode',
      'c.company_name',
      'jt.name as job_title',
    );
  const interview = request.kind === REQUEST_KIND.interview;
  const schedule = interview ? request.schedule_data : null;
  const now = new Date();
  const timestamp = Math.floor(new Date(request.created_at).getTime() / 1000);
  return {
    kind: interview ? 'interview' : 'whitelist',
    role: project?.title ?? project?.job_title ?? '',
    jobTitle: project?.job_title ?? null,
    company: companyShown(
      { isConfidential: project?.is_confidential },
      project?.company_name,
      t('portal.interviews.aCompany'),
    ),
    jdHeader: request.jd_header,
    jobDescription: project?.job_description || request.jd_body || null,
    jdFooter: request.jd_footer,
    jdFileName: project?.jd_file_path ? jdFileShown(project) : null,
    jdLink: `/jd/${request.guid}/${timestamp}`,
    interviewDetails: schedule
      ? {
          interviewerName: schedule.interviewerName ?? null,
          type: schedule.type ?? null,
          address: schedule.address ?? null,
          meetingLink: schedule.meetingLink ?? null,
          duration: schedule.duration ?? null,
          timezone: schedule.timezone ?? null,
        }
      : null,
    // The times are the request's own proposed times, one of which accepting books (chooseSlot).
    choosesTime: Boolean(schedule?.slots?.length),
    timeSlots: !interview
      ? []
      : schedule?.slots?.length
        ? slotsAhead(proposedSlots(schedule), validZone(schedule.timezone) ?? 'UTC', now)
        : slotsAhead((project?.date_time_slots as Slot[] | null) ?? [], validZone(schedule?.timezone), now),
    workingMode: project?.working_mode ?? null,
    expiresAt: new Date(request.expires_at).toISOString(),
  };
}

/** The request a token names; 400 for a malformed token, 404 for one that names nothing, 403 for another signed-in candidate's. */
export async function requestByToken(knex: Knex | Knex.Transaction, token: string, actor: Actor): Promise<RequestRow> {
  if (!TOKEN_PATTERN.test(token))
    throw badRequest(
      { interviewRequestToken: 'interviewRequestToken.errors.invalid' },
      'project.interview.errors.invalidToken',
    );
  const request = (await knex('interview_requests').where('token_hash', tokenHash(token)).first()) as
    RequestRow | undefined;
  if (!request) throw notFound('project.interview.errors.invalidToken');
  const { candidateId } = actorRefs(actor);
  if (candidateId !== null && candidateId !== request.candidate_id)
    throw forbidden('project.interview.errors.notYours');
  return request;
}

/**
 * 409 when the request's project is no longer active or its company is not (closed, on hold, suspended): the
 * candidate can neither read it as open nor answer it. The project row is locked for share, so a suspension or a
 * close waits for an answer under way, and an answer after it is refused. Answers the company's type (the sender's
 * viewer kind, for requireReachable).
 */
async function requireAnswerable(trx: Knex.Transaction, projectId: number): Promise<number | null> {
  const project = await trx('projects').where('id', projectId).forShare().first('status', 'company_id as companyId');
  const company = project?.companyId
    ? await trx('companies').where('id', project.companyId).first('status', 'company_type')
    : undefined;
  if (!projectAnswerable(project && { ...project, companyStatus: company?.status ?? null }))
    throw new AppError(409, 'project.interview.errors.projectClosed');
  return company?.company_type ?? null;
}

/**
 * 410, as an expired request answers, when the candidate may no longer be reached by the request's sender: the rule
 * delivering it read (deliverable.ts candidateReachable), under which an undelivered request is expired. A pause, an
 * erasure (which keeps the request's token and state) or a withdrawn consent to be shown to companies since the send
 * ends the request for the candidate too. The candidate's row is locked for share by then (answerRequest), so a
 * pause or an erasure under way waits for an answer, and an answer after it is refused. The refusal rolls back: the
 * request's state stays, and nothing (activity, notice, the answer's emails, a calendar invitation) is written.
 */
async function requireReachable(trx: Knex.Transaction, request: RequestRow, companyType: number | null) {
  if (!(await candidateReachable(trx, request, companyType)))
    throw new AppError(410, 'project.interview.errors.expired');
}

/**
 * Whether the project withdrew the request: its candidate was moved to rejected since the send, which expires their
 * open requests (pipeline/recruitment.ts withdrawRequests). The page then says the request was withdrawn (410
 * `withdrawn`), and nothing more: not the stage, nor the reason. A candidate moved back reads an expired request.
 */
async function withdrawn(trx: Knex.Transaction, request: RequestRow): Promise<boolean> {
  const row = await trx('project_candidates')
    .where({ project_id: request.project_id, candidate_id: request.candidate_id })
    .first('stage');
  return row !== undefined && !stillConsidered(row);
}

/** What a used link answers of the request: nothing (no time to choose). */
const USED_DATA = { choosesTime: false, timeSlots: [] } as const;

const expire = (trx: Knex.Transaction, id: number) =>
  trx('interview_requests').where('id', id).update({ state: REQUEST_STATE.expired, updated_at: trx.fn.now() });

export interface Answer {
  token: string;
  answer: 'approve' | 'reject' | 'check';
  responseMethod?: string;
  reasons?: string[];
  comment?: string | null;
  /** The proposed time accepted ("2027-03-02T10:00", in the request's zone). */
  slot?: string;
}

/** The time a candidate just chose, as the company's notification writes it (none when they chose none). */
function booked(request: RequestRow, chosenSlot: string | undefined): string | undefined {
  const schedule = request.schedule_data as Booked | null;
  const start = chosenSlot ? localToInstant(chosenSlot, validZone(schedule?.timezone) ?? 'UTC') : undefined;
  return start ? startText(schedule, start) : undefined;
}

/**
 * 409 when another booking (an accepted request, or an interview a move to an interview stage scheduled) with the same
 * interviewer, on any project of the request's company (of the request's project when it has no company), overlaps
 * `interval`. Bookings of the same company and interviewer take turns (services/interviewerBusy.ts lockInterviewer),
 * so two candidates accepting overlapping times, or an answer and a move, cannot both book.
 * A booking whose candidate the project may no longer reach does not count: it is cancelled, when nothing conflicts.
 */
async function requireFree(
  trx: Knex.Transaction,
  config: Config,
  request: RequestRow,
  interviewer: string,
  interval: [number, number],
) {
  const project = await trx('projects as p')
    .leftJoin('companies as c', 'c.id', 'p.company_id')
    .where('p.id', request.project_id)
    .first('p.company_id', 'c.company_type');
  const scope = { companyId: project?.company_id ?? null, projectId: request.project_id };
  await lockInterviewer(trx, scope, interviewer);
  // An interview a move to an interview stage scheduled with the same interviewer (services/interviewerBusy.ts).
  const except = { projectId: request.project_id, candidateIds: [request.candidate_id] };
  if (await movedBookingClashes(trx, scope, interviewer, interval, except))
    throw new AppError(409, 'project.interview.errors.slotTaken', undefined, { slot: 'slot.errors.taken' });
  const booked = (await trx('interview_requests as r')
    .join('projects as p', 'p.id', 'r.project_id')
    .where(project?.company_id ? { 'p.company_id': project.company_id } : { 'r.project_id': request.project_id })
    .where({ 'r.kind': REQUEST_KIND.interview, 'r.state': REQUEST_STATE.approved })
    .whereNot('r.id', request.id)
    .whereRaw(`lower(trim(r.schedule_data->>'interviewerEmail')) = ?`, [interviewer])
    .select('r.id', 'r.project_id', 'r.candidate_id', 'r.sent_by_admin_id', 'r.schedule_data')) as RequestRow[];
  const stale: number[] = [];
  for (const row of booked) {
    const other = bookedInterval(row.schedule_data as Booked | null);
    if (!other || other[0] >= interval[1] || interval[0] >= other[1]) continue;
    if (!(await candidateReachable(trx, row, project?.company_type ?? null))) stale.push(row.id);
    else throw new AppError(409, 'project.interview.errors.slotTaken', undefined, { slot: 'slot.errors.taken' });
  }
  if (stale.length) await cancelBookings(trx, config, { ids: stale });
}

/**
 * The proposed time an acceptance books: the one named (`slot`), which must be one of the request's times still
 * ahead (400 on `slot` otherwise, or when more than one is ahead and none is named), the only one still ahead when
 * none is named, and nothing for a request without proposed times; 409 when all its proposed times have passed.
 */
async function chooseSlot(
  trx: Knex.Transaction,
  config: Config,
  request: RequestRow,
  slot: string | undefined,
  now: Date,
) {
  const schedule = request.schedule_data as Booked | null;
  if (request.kind !== REQUEST_KIND.interview || !schedule?.slots?.length) return undefined;
  const zone = validZone(schedule.timezone) ?? 'UTC';
  const startOf = (s: string) => localToInstant(s, zone)?.getTime();
  const ahead = schedule.slots.filter((s) => (startOf(s) ?? 0) > now.getTime());
  // Every proposed time has passed: accepting would book a time nobody offered.
  if (!ahead.length) throw new AppError(409, 'project.errors.noTimeLeft');
  if (slot !== undefined && !ahead.includes(slot)) throw badRequest({ slot: 'slot.errors.invalid' });
  const chosen = slot ?? (ahead.length === 1 ? ahead[0] : undefined);
  if (chosen === undefined) throw badRequest({ slot: 'slot.errors.required' });
  const interval = bookedInterval({ ...schedule, chosenSlot: chosen }) as [number, number];
  await requireFree(trx, config, request, (schedule.interviewerEmail ?? '').trim().toLowerCase(), interval);
  return chosen;
}

export async function answerRequest(knex: Knex, actor: Actor, input: Answer, config: Config) {
  const reasons = (input.reasons ?? []).filter((r) => (REJECT_REASONS as readonly string[]).includes(r));
  if (input.reasons?.length && reasons.length !== input.reasons.length)
    throw badRequest({ 'userResponse.reasons': 'userResponse.errors.invalid' });
  return knex.transaction(async (trx) => {
    const found = await requestByToken(trx, input.token, actor);
    // The candidate's row before the request's, in the order an erasure takes them (the candidate, then their rows):
    // a pause or an erasure under way waits for this answer, or this answer reads it done (requireReachable).
    await trx('candidates').where('id', found.candidate_id).forShare().first('id');
    const request = (await trx('interview_requests').where('id', found.id).forUpdate().first()) as RequestRow;
    const outcome = answerOutcome({ state: request.state, expiresAt: request.expires_at }, input.answer, new Date());
    if (outcome !== 'used' && (await withdrawn(trx, request))) {
      if (request.state === REQUEST_STATE.sent) await expire(trx, request.id);
      return { withdrawn: true as const };
    }
    if (outcome === 'expired') {
      if (request.state === REQUEST_STATE.sent) await expire(trx, request.id);
      return { expired: true as const };
    }
    // A used link tells its outcome only; the empty choice is the shape the portal's page reads before the outcome.
    if (outcome === 'used')
      return { success: true, isTokenUsed: true, state: stateName(request.state), projectData: USED_DATA };
    await requireReachable(trx, request, await requireAnswerable(trx, request.project_id));
    const data = await projectData(trx, request);
    if (outcome === 'checked')
      return { success: true, isTokenUsed: false, state: stateName(request.state), projectData: data };
    const state = outcome === 'approved' ? REQUEST_STATE.approved : REQUEST_STATE.rejected;
    const chosenSlot =
      outcome === 'approved' ? await chooseSlot(trx, config, request, input.slot, new Date()) : undefined;
    await trx('interview_requests')
      .where({ id: request.id, state: REQUEST_STATE.sent })
      .update({
        state,
        answered_at: trx.fn.now(),
        response_method: (input.responseMethod ?? 'email').slice(0, 20),
        reject_reasons: outcome === 'rejected' ? reasons : [],
        reject_text: outcome === 'rejected' ? input.comment?.trim() || null : null,
        ...(chosenSlot ? { schedule_data: JSON.stringify({ ...request.schedule_data, chosenSlot }) } : {}),
        updated_at: trx.fn.now(),
      });
    await logRecruitmentActivity(trx, {
      candidateId: request.candidate_id,
      activity: 'requestAnswered',
      projectId: request.project_id,
    });
    if (request.kind === REQUEST_KIND.interview)
      await interviewAnswered(
        trx,
        config,
        request.project_id,
        request.candidate_id,
        state === REQUEST_STATE.approved,
        booked(request, chosenSlot),
      );
    await queueJob(
      trx,
      'send_interview_request',
      { id: request.id, step: 'answered' },
      { jobKey: `interview-request-answered:${request.id}`, maxAttempts: 10 },
    );
    return { success: true, isTokenUsed: false, state: stateName(state), projectData: data };
  });
}

/** An expired or withdrawn request answers 410 after its state was written (outside the refused answer's rollback). */
export async function answerOrExpire(knex: Knex, actor: Actor, input: Answer, config: Config) {
  const result = await answerRequest(knex, actor, input, config);
  if ('withdrawn' in result) throw new AppError(410, 'project.interview.errors.withdrawn');
  if ('expired' in result) throw new AppError(410, 'project.interview.errors.expired');
  return result;
}

/** "HH:MM" of `instant` on the clock of `zone`. */
function wallClock(instant: Date, zone: string): string {
  const minutes = Math.floor(instant.getTime() / 60000) + zoneOffsetMinutes(zone, instant);
  const ofDay = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(ofDay / 60)).padStart(2, '0')}:${String(ofDay % 60).padStart(2, '0')}`;
}

/**
 * A schedule's proposed times as the answer page lists slots: date, start and end in the schedule's zone (UTC when it
 * names none the runtime knows). The end is the start's instant plus the duration, read on the zone's clock, so a slot
 * across a daylight-saving change ends at the time the clocks show then (00:30 + 120 minutes in London on the night
 * the clocks go forward ends at 03:30); a start that is no instant in the zone (a skipped time) ends by the clock's
 * arithmetic.
 */
function proposedSlots(schedule: ScheduleData) {
  const minutes = schedule.duration ?? 60;
  const zone = validZone(schedule.timezone) ?? 'UTC';
  return (schedule.slots ?? []).map((slot) => {
    const [date, startTime] = slot.split('T');
    const start = localToInstant(slot, zone);
    if (start) return { date, startTime, endTime: wallClock(new Date(start.getTime() + minutes * 60000), zone) };
    const [h, m] = startTime.split(':').map(Number);
    const end = (h * 60 + m + minutes) % (24 * 60);
    return {
      date,
      startTime,
      endTime: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
    };
  });
}
