/**
 * A project that closes (becomes inactive: a status change, a bulk one, a cancellation now, a renewal that closes it,
 * its company put on hold) or is deleted ends its booked interviews in the same transaction, before a delete (the
 * requests go with the project by cascade): they are cancelled (services/interviewBooking.ts cancelBookings), the
 * interviewer and the candidate are emailed the calendar cancellation (METHOD:CANCEL), and the time is free for the
 * company's other projects (interviews/answer.ts requireFree). Requests still to be answered stay as they are: an
 * answer to a closed project's is refused with 409 and says the role is no longer open (interviews/answer.ts), and
 * one reopened takes answers again. A company deleted with its projects ends theirs the same way (projectWrites.ts
 * companyProjectsGo).
 */
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { cancelBookings } from '../../services/interviewBooking';

export async function endProjectInterviews(trx: Knex.Transaction, config: Config, projectIds: number[]): Promise<void> {
  if (!projectIds.length) return;
  await cancelBookings(trx, config, { projectIds });
}
