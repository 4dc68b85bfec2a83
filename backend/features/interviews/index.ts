/**
 * Interview and qualify requests sent to candidates by email or WhatsApp with a job description,
 * answered through a link (spec sections 2, 4 and 7). Exposes its endpoints, what the
 * send_interview_request and send_whatsapp_message jobs run, the WhatsApp outbox the
 * development mailbox lists, and the answer link's token of a request (for the page-speed benchmark).
 */
import type { Knex } from 'knex';
import { REQUEST_STATE } from '../../../schema/rules/pipeline';

export { interviewEndpoints } from './endpoints';
export { qualifyEndpoints, whatsapp } from './qualify';
export { deliverRequest, notifyAnswer } from './delivery';
export { notifyScheduled } from './invitation';
export { deliverWhatsapp, listWhatsapp } from './whatsappOutbox';
export { requestToken } from './tokens';

/**
 * Withdraws open requests as a move to rejected does (pipeline/recruitment.ts withdrawRequests): they end as expired
 * now (REQUEST_STATE has no withdrawn state), so they are neither delivered nor answered. A merge withdraws the
 * second of one project's two requests to one person (duplicates/combine.ts).
 */
export async function withdrawOpenRequests(trx: Knex.Transaction, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await trx('interview_requests')
    .whereIn('id', ids)
    .where('state', REQUEST_STATE.sent)
    .update({ state: REQUEST_STATE.expired, expires_at: trx.fn.now(), updated_at: trx.fn.now() });
}
