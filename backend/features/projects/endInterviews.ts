/**
 * A project that closes (becomes inactive: a status change, a bulk one, a cancellation now, a renewal that closes it,
 * its company put on hold) or is deleted ends its interviews in the same transaction, before a delete (the requests go
 * with the project by cascade): its pending requests (interview requests and job descriptions still to be answered)
 * end as expired, as a move to rejected withdraws them (pipeline/recruitment.ts), and its booked interviews are
 * cancelled (services/interviewBooking.ts cancelBookings): the interviewer and the candidate are emailed the calendar
 * cancellation (METHOD:CANCEL) and the time is free for the company's other projects (interviews/answer.ts requireFree).
 */
import type { Knex } from 'knex';
import { REQUEST_STATE } from '../../../schema/rules/pipeline';
import type { Config } from '../../config';
import { cancelBookings } from '../../services/interviewBooking';

export async function endProjectInterviews(trx: Knex.Transaction, config: Config, projectIds: number[]): Promise<void> {
  if (!projectIds.length) return;
  await trx('interview_requests')
    .whereIn('project_id', projectIds)
    .where('state', REQUEST_STATE.sent)
    .update({ state: REQUEST_STATE.expired, expires_at: trx.fn.now(), updated_at: trx.fn.now() });
  await cancelBookings(trx, config, { projectIds });
}
