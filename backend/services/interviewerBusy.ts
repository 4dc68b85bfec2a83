/**
 * Whether an interviewer is free, shared by the two ways an interview is booked: a candidate accepting an interview
 * request (interviews/answer.ts requireFree: an accepted request, its chosen time) and a company or an admin moving a
 * candidate to an interview stage with a schedule (pipeline/recruitment.ts: the project row's `schedule_data`, its
 * first proposed time, whose start `interview_scheduled_at` keeps). The interviewer is named by email (trimmed, any
 * case); their bookings are those on any project of the same company (of the same project when it has no company).
 *
 * Both ways take the same transaction-scoped advisory lock (lockInterviewer) before they read the bookings, so two
 * bookings of the same interviewer take turns and cannot both win; a move takes it before it locks its candidates'
 * project rows, and an answer before it writes any, so the two never wait on each other in opposite orders.
 *
 * A booking of the same candidate in the same project (the move that records the interview a request booked, or a
 * request the candidate accepts for the interview a move scheduled) does not count against itself. A booking counts
 * while its candidate is not rejected (a move to rejected cancels it) nor inactive (paused or erased), and a move's
 * while the candidate is in an interview stage.
 */
import type { Knex } from 'knex';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { REQUEST_KIND, REQUEST_STATE, STAGES } from '../../schema/rules/pipeline';
import { bookedInterval } from './interviewBooking';

/** Whose bookings an interviewer's are: the company's projects, else the project's alone. */
export interface BookingScope {
  companyId: number | null;
  projectId: number;
}

/** The interviewer as bookings name them: the schedule's email, trimmed, in lower case. */
export const interviewerKey = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();

/** Bookings of the same interviewer in the same scope take turns until the transaction ends. */
export async function lockInterviewer(trx: Knex.Transaction, scope: BookingScope, interviewer: string) {
  const of = scope.companyId ? `c${scope.companyId}` : `p${scope.projectId}`;
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`interview-slot:${of}:${interviewer}`]);
}

type Interval = [number, number];
const overlaps = (a: Interval, b: Interval) => a[0] < b[1] && b[0] < a[1];

/** The bookings not counted: the same candidates' in the same project. */
export interface Except {
  projectId: number;
  candidateIds: number[];
}

const inScope = (scope: BookingScope) =>
  scope.companyId ? { 'p.company_id': scope.companyId } : { 'p.id': scope.projectId };

/** Whether a booking `bookings` reads (rows aliased `alias`, with their schedule) names `interviewer` and overlaps `interval`. */
async function overlapping(
  bookings: Knex.QueryBuilder,
  alias: 'pc' | 'r',
  interviewer: string,
  interval: Interval,
  except: Except,
): Promise<boolean> {
  const rows = (await bookings
    .whereRaw(`lower(trim(${alias}.schedule_data->>'interviewerEmail')) = ?`, [interviewer])
    .whereNot((q) =>
      q.where(`${alias}.project_id`, except.projectId).whereIn(`${alias}.candidate_id`, except.candidateIds),
    )
    .select(`${alias}.schedule_data`)) as { schedule_data: Parameters<typeof bookedInterval>[0] }[];
  return rows.some((r) => {
    const other = bookedInterval(r.schedule_data);
    return other !== undefined && overlaps(other, interval);
  });
}

/** Whether an interview a move scheduled with `interviewer` (a project row in an interview stage) overlaps `interval`. */
export async function movedBookingClashes(
  trx: Knex.Transaction,
  scope: BookingScope,
  interviewer: string,
  interval: Interval,
  except: Except,
): Promise<boolean> {
  const moved = trx('project_candidates as pc')
    .join('projects as p', 'p.id', 'pc.project_id')
    .join('candidates as c', 'c.id', 'pc.candidate_id')
    .where(inScope(scope))
    .whereIn('pc.stage', [STAGES.interviewing, STAGES.interviewing2])
    .whereNotNull('pc.interview_scheduled_at')
    // A move books only a schedule of one proposed time (pipeline/scheduledInterview.ts movedBooking).
    .whereRaw(`jsonb_array_length(pc.schedule_data->'slots') = 1`)
    .whereNot('c.status', CANDIDATE_STATUS.inactive);
  return overlapping(moved, 'pc', interviewer, interval, except);
}

/** Whether an accepted interview request with `interviewer` overlaps `interval` (read by a move). */
export async function acceptedBookingClashes(
  trx: Knex.Transaction,
  scope: BookingScope,
  interviewer: string,
  interval: Interval,
  except: Except,
): Promise<boolean> {
  const accepted = trx('interview_requests as r')
    .join('projects as p', 'p.id', 'r.project_id')
    .join('candidates as c', 'c.id', 'r.candidate_id')
    .leftJoin('project_candidates as pc', (j) =>
      j.on('pc.project_id', 'r.project_id').andOn('pc.candidate_id', 'r.candidate_id'),
    )
    .where(inScope(scope))
    .where({ 'r.kind': REQUEST_KIND.interview, 'r.state': REQUEST_STATE.approved })
    .whereNot('c.status', CANDIDATE_STATUS.inactive)
    .where((q) => q.whereNull('pc.stage').orWhereNot('pc.stage', STAGES.rejected));
  return overlapping(accepted, 'r', interviewer, interval, except);
}
