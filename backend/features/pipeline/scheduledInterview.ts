/**
 * The interview a move to an interview stage schedules (recruitment.ts, spec section 4: the move's schedule form).
 * `interview_scheduled_at` keeps the schedule's first proposed time (the times are kept earliest first), as an
 * accepted interview request's answer writes its chosen time there (interviews/delivery.ts), so the column has one
 * meaning, the interview's start. A schedule proposing one time books it (`movedBooking`): the interviewer is
 * reserved and invited. Several proposed times are options still open, so nothing is booked or sent for them.
 *
 * A booked time needs its interviewer free then (services/interviewerBusy.ts): no other candidate's interview with them, on any
 * project of the company, by an accepted request or a move, overlaps it; else the move is refused (409
 * `interviewerBusy`, on `scheduleFormData.slots`) and nothing is written. A bulk move of several candidates with one
 * schedule books the interviewer for each of them at the same time, and is refused the same way. The check takes the
 * interviewer's lock (lockInterviewer) before the move locks its candidates' rows, so two bookings take turns.
 *
 * Once moved, the candidate and the interviewer are sent the interview's calendar invitation by the job that sends an
 * accepted request's (send_interview_request, its `scheduled` step: interviews/invitation.ts notifyScheduled).
 */
import type { Knex } from 'knex';
import { AppError } from '../../errors';
import { formatId } from '../../../schema/lib/ids';
import { slotStarts, type Schedule } from '../../../schema/validation/schedule';
import { bookedInterval } from '../../services/interviewBooking';
import { queueJob } from '../../services/queue';
import {
  acceptedBookingClashes,
  interviewerKey,
  lockInterviewer,
  movedBookingClashes,
  type BookingScope,
} from '../../services/interviewerBusy';
import { candidateDef } from './access';

/** The interview's start: the schedule's first proposed time. */
export const scheduledStart = (schedule: Schedule): Date | undefined => slotStarts(schedule)[0];

/** The time a move books: its one proposed time; none while several are proposed (options, not an interview). */
export const movedBooking = (schedule: Schedule): Date | undefined =>
  schedule.slots.length === 1 ? scheduledStart(schedule) : undefined;

/** Takes the interviewer's lock: call before locking the candidates' project rows. */
export const lockScheduledInterviewer = (trx: Knex.Transaction, scope: BookingScope, schedule: Schedule) =>
  lockInterviewer(trx, scope, interviewerKey(schedule.interviewerEmail));

/** 409 on `scheduleFormData.slots` when the interviewer is busy at the scheduled time (under lockScheduledInterviewer). */
export async function requireInterviewerFree(
  trx: Knex.Transaction,
  scope: BookingScope,
  schedule: Schedule,
  candidateIds: number[],
) {
  const interval = movedBooking(schedule) && bookedInterval(schedule);
  if (!interval) return;
  const interviewer = interviewerKey(schedule.interviewerEmail);
  const except = { projectId: scope.projectId, candidateIds };
  const busy =
    candidateIds.length > 1 ||
    (await movedBookingClashes(trx, scope, interviewer, interval, except)) ||
    (await acceptedBookingClashes(trx, scope, interviewer, interval, except));
  if (busy)
    throw new AppError(
      409,
      'project.recruitment.errors.interviewerBusy',
      undefined,
      { 'scheduleFormData.slots': 'scheduleFormData.slots.errors.taken' },
      { candidateIds: candidateIds.map((c) => formatId(candidateDef, c)) },
    );
}

/**
 * Queues the interview's calendar invitation for each moved candidate and the interviewer: the send_interview_request
 * job's `scheduled` step (interviews/invitation.ts notifyScheduled), after the move commits.
 */
export async function inviteScheduled(trx: Knex.Transaction, projectId: number, candidateIds: number[], start: Date) {
  const rows = (await trx('project_candidates')
    .where('project_id', projectId)
    .whereIn('candidate_id', candidateIds)
    .select('id')) as { id: number }[];
  for (const row of rows)
    await queueJob(
      trx,
      'send_interview_request',
      { id: row.id, step: 'scheduled' },
      { jobKey: `interview-scheduled:${row.id}:${start.getTime()}`, maxAttempts: 10 },
    );
}
