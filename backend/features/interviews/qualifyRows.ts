/** A candidate's qualify requests as admins list them (qualify.ts), each with why its message failed, if it did. */
import type { Knex } from 'knex';

/**
 * The candidate's latest 50 qualify requests, newest first, each with `failure_reason`: its WhatsApp message's
 * `error` (whatsappOutbox.ts markFailed: not sent and why, such as a number that cannot be read in E.164, or the
 * provider's refusal), read for a failed request.
 */
export function qualifyRequestsOf(knex: Knex, candidateId: number) {
  return knex('qualify_requests as q')
    .where('q.candidate_id', candidateId)
    .orderBy('q.id', 'desc')
    .limit(50)
    .select(
      'q.*',
      knex.raw(
        '(select m.error from whatsapp_messages m where m.qualify_request_id = q.id order by m.id desc limit 1) as failure_reason',
      ),
    );
}
