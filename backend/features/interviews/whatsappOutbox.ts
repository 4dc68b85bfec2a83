/**
 * The WhatsApp outbox: a template message is a row written in the transaction that causes it, and
 * its send_whatsapp_message job delivers it once (a sent or stored row is left alone). Without
 * credentials messages stay here and the development mailbox lists them beside the emails.
 * A qualify request's message is checked again before the provider is asked, by what sending checked
 * (qualify.ts): a candidate admins still meet (statusSql: not paused) with a phone marked WhatsApp. One who paused
 * or unmarked their number since is not messaged: the message is marked failed, with the reason, and so is the
 * qualify request (both entities' declared "failed" status; neither has a cancelled one).
 * An interview or job-description request's message is checked again the same way, by what delivering it checked
 * (deliverable.ts stillDeliverable: the project and its company active, the sender still meeting and allowed to contact
 * the candidate), and the request still open (sent, not answered, not expired) and the phone still marked WhatsApp:
 * a retry hours later after a provider failure sends nothing the candidate may no longer receive. Such a message is
 * marked failed with the reason; the request itself is left as it is (its email went out, answering checks again).
 * Before each attempt the candidate's phone is read again too: one that is no longer the number the message was queued
 * to (compared by its digits) is not messaged, and the new one is not messaged in its place (the request was made for
 * the old contact, as sending addressed it): the message is marked failed with the reason, as above.
 * In production without WhatsApp credentials (the adapter `unavailable`) nothing is stored as if sent: a queued message
 * is marked failed with the reason, and a qualify request it carries fails with it (an interview request went by email).
 * When the provider may have taken a message without confirming it (a 2xx without a message id, a timeout once the
 * request went out), the row is marked sent without a provider id and the reason kept in `error`: sending it again
 * could deliver it, and charge for it, twice.
 * The provider is handed the candidate's number in E.164, a national one read in the country of their location
 * (whatsappNumber.ts): one that cannot be read so (no country known, not a valid number) is not sent to a guess, and
 * the message is marked failed with the reason, and the qualify request it carries with it.
 * A refusal that asking again cannot change (a 4xx other than 408 and 429: a template the provider does not know, a
 * token expired or not allowed; WhatsappError.permanent) marks the message failed at once with the provider's reason,
 * and the qualify request it carries with it, as above; the job ends without an error. A transient one (a 5xx, 408,
 * 429, no connection) keeps the reason on the row and fails the job, which graphile-worker tries again with its
 * back-off; the job's last attempt (WHATSAPP_MAX_ATTEMPTS) marks the message and its qualify request failed too.
 * Nothing stays queued for ever, and such a failure reached nobody: the candidate may be asked again at once
 * (qualify.ts askedRecently).
 * An opt-out reply ("STOP", rules.ts replyKind) unmarks the number as WhatsApp on the candidates messaged at it whose
 * phone it still is (optOutNumber): every send path reads that mark (qualify.ts and send.ts when a request is made,
 * contactChanged here before each attempt), so nothing more, queued or new, goes to them by WhatsApp until the
 * candidate marks their phone as WhatsApp again on their profile.
 */
import type { Knex } from 'knex';
import { WHATSAPP_UNAVAILABLE, WhatsappError, type WhatsappAdapter } from '../../adapters/whatsapp';
import { QUALIFY_STATE, REQUEST_STATE } from '../../../schema/rules/pipeline';
import { statusSql } from '../../../schema/rules/visibility';
import { logger } from '../../logger';
import { ownContact, ownContacts } from '../../services/candidateGate';
import { queueJob } from '../../services/queue';
import { locationCountries, phoneKey, phoneTailSql } from '../../services/phoneKeys';
import { stillDeliverable } from './deliverable';
import { recipientNumber } from './whatsappNumber';

export interface OutgoingWhatsapp {
  to: string;
  template: string;
  language?: string;
  components: unknown[];
  preview: string;
  interviewRequestId?: number;
  qualifyRequestId?: number;
}

export const WHATSAPP_STATUS = { queued: 0, sent: 1, stored: 2, failed: 3, delivered: 4 } as const;
/** Tries of a message's job; the last one marks a message still refused failed (deliverWhatsapp `lastAttempt`). */
export const WHATSAPP_MAX_ATTEMPTS = 10;
const NO_LONGER_REACHABLE = 'Not sent: the candidate paused, opted out of WhatsApp or no longer has a WhatsApp number';
const NO_LONGER_DELIVERABLE =
  'Not sent: the request was answered or expired, or may no longer reach the candidate (paused, consent withdrawn, ' +
  'opted out of WhatsApp or no WhatsApp number, company suspended or project closed)';
const NUMBER_CHANGED = 'Not sent: the candidate changed their WhatsApp number since the message was queued';
/** The reasons a message was refused because the candidate could no longer receive it (not a provider's failure). */
export const UNDELIVERABLE_REASONS = [NO_LONGER_REACHABLE, NUMBER_CHANGED];

export async function queueWhatsapp(trx: Knex | Knex.Transaction, message: OutgoingWhatsapp): Promise<number> {
  const [row] = await trx('whatsapp_messages')
    .insert({
      to: message.to,
      template: message.template,
      language: message.language ?? 'en',
      components: JSON.stringify(message.components),
      preview: message.preview.slice(0, 4000),
      interview_request_id: message.interviewRequestId ?? null,
      qualify_request_id: message.qualifyRequestId ?? null,
    })
    .returning('id');
  await queueJob(
    trx,
    'send_whatsapp_message',
    { id: row.id as number },
    { jobKey: `whatsapp-message:${row.id}`, maxAttempts: WHATSAPP_MAX_ATTEMPTS },
  );
  return row.id as number;
}

/** A phone number's digits: how numbers are compared (the provider takes them without the '+', replies come so). */
export const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * A reply asking us to stop (rules.ts replyKind 'optOut') from `from`: the candidates messaged at that number (a
 * qualify request, or an interview or job-description request's message) whose own phone is still that number, read
 * through the gate, have it unmarked as WhatsApp ('Phone has WhatsApp' off), which every send path reads. One who
 * changed their number since is left alone: the old number's owner asked, not them. Numbers are compared as the
 * duplicates' match keys compare them (duplicates/keys.ts phoneKey): in E.164 without the '+', a national number read
 * in the country of the candidate's current location, so STOP from 6587559036 reaches a profile whose phone is stored
 * as "8755 9036" in Singapore (the provider replies from the international number). Returns the candidates' ids.
 */
export async function optOutNumber(trx: Knex.Transaction, from: string): Promise<number[]> {
  const number = phoneKey(from);
  if (!number) return [];
  // Narrowed in SQL by the last seven digits, then compared exactly by the key.
  const near = (column: string) => phoneTailSql(trx, column, number);
  const messaged = (await trx('qualify_requests')
    .where(near('to_phone'))
    .select('candidate_id', 'to_phone as to')
    .union((q) =>
      q
        .from('whatsapp_messages as m')
        .join('interview_requests as r', 'r.id', 'm.interview_request_id')
        .where(near('m.to'))
        .select('r.candidate_id', 'm.to'),
    )) as { candidate_id: number; to: string | null }[];
  const people = [...new Set(messaged.map((m) => m.candidate_id))];
  if (!people.length) return [];
  const located = (await trx('candidates').whereIn('id', people).select('id', 'current_location_id')) as {
    id: number;
    current_location_id: number | null;
  }[];
  const countries = await locationCountries(
    trx,
    located.map((c) => c.current_location_id),
  );
  const countryOf = new Map(located.map((c) => [c.id, countries.get(c.current_location_id ?? -1)]));
  const keyOf = (phone: string | null | undefined, id: number) => phoneKey(phone, countryOf.get(id));
  const atNumber = messaged.filter((m) => keyOf(m.to, m.candidate_id) === number).map((m) => m.candidate_id);
  const contacts = await ownContacts(trx, [...new Set(atNumber)]);
  const ids = [...contacts.values()].filter((own) => keyOf(own.phone, own.id) === number).map((own) => own.id);
  if (ids.length)
    await trx('candidates').whereIn('id', ids).update({ phone_whatsapp: false, updated_at: trx.fn.now() });
  return ids;
}

/**
 * Why a message may no longer go to `to`, read through the gate as the message's address was: the candidate has no
 * phone marked WhatsApp now (NO_LONGER_REACHABLE), or one that is not `to` (NUMBER_CHANGED: the request was made for
 * the number it was queued to, and the new one is not messaged in its place); undefined when it may still go.
 */
async function contactChanged(trx: Knex.Transaction, candidateId: number, to: string, unreachable: string) {
  const contact = await ownContact(trx, candidateId);
  if (contact?.phoneWhatsapp !== true || !contact.phone) return unreachable;
  return digits(contact.phone) === digits(to) ? undefined : NUMBER_CHANGED;
}

/**
 * Why a qualify request's message may no longer go, if so: a candidate admins no longer meet (paused, erased), or
 * whose phone is no longer marked WhatsApp or is no longer `to`.
 */
async function qualifyUnwanted(trx: Knex.Transaction, qualifyRequestId: number, to: string) {
  const candidate = await trx('qualify_requests as q')
    .join('candidates as c', 'c.id', 'q.candidate_id')
    .where('q.id', qualifyRequestId)
    .whereRaw(statusSql('admin'))
    .first('c.id');
  if (candidate === undefined) return NO_LONGER_REACHABLE;
  return contactChanged(trx, candidate.id, to, NO_LONGER_REACHABLE);
}

/**
 * Why an interview or job-description request's message may no longer go, if so: as delivering it checked, and still
 * open; and the candidate's phone still marked WhatsApp and still `to`.
 */
async function requestUnwanted(trx: Knex.Transaction, interviewRequestId: number, to: string) {
  const request = await trx('interview_requests').where('id', interviewRequestId).first();
  if (!request || request.state !== REQUEST_STATE.sent) return NO_LONGER_DELIVERABLE;
  if (request.expires_at && new Date(request.expires_at).getTime() <= Date.now()) return NO_LONGER_DELIVERABLE;
  const project = await trx('projects as p')
    .leftJoin('companies as c', 'c.id', 'p.company_id')
    .where('p.id', request.project_id)
    .first('p.status', 'p.company_id', 'c.company_type', 'c.status as company_status');
  if (!project || !(await stillDeliverable(trx, request, project))) return NO_LONGER_DELIVERABLE;
  return contactChanged(trx, request.candidate_id, to, NO_LONGER_DELIVERABLE);
}

/**
 * Marks a queued message failed with `reason`, and the qualify request it carries (its declared "failed" state, which
 * the portal shows); an interview or job-description request is left as it is (its email went out).
 */
async function markFailed(
  trx: Knex.Transaction,
  row: { id: number; qualify_request_id: number | null },
  reason: string,
): Promise<void> {
  await trx('whatsapp_messages')
    .where('id', row.id)
    .update({ status: WHATSAPP_STATUS.failed, error: reason.slice(0, 4000), updated_at: trx.fn.now() });
  if (row.qualify_request_id)
    await trx('qualify_requests')
      .where({ id: row.qualify_request_id, state: QUALIFY_STATE.queued })
      .update({ state: QUALIFY_STATE.failed, updated_at: trx.fn.now() });
}

/**
 * Sends one queued message; the row is locked while the provider is asked, so two runs send it once.
 * `lastAttempt`: the job's last try (graphile-worker's attempts reached its max), so a transient failure fails it too.
 */
export async function deliverWhatsapp(
  knex: Knex,
  adapter: WhatsappAdapter,
  id: number,
  options: { lastAttempt?: boolean } = {},
): Promise<'sent' | 'stored' | 'skipped' | 'failed'> {
  const outcome = await knex.transaction(async (trx) => {
    const row = await trx('whatsapp_messages').where('id', id).forUpdate().first();
    // Sent, stored, or failed (the provider's report, or not sent below): never sent (again).
    if (!row || row.status !== WHATSAPP_STATUS.queued) return 'skipped' as const;
    const unwanted =
      adapter.mode === 'unavailable'
        ? WHATSAPP_UNAVAILABLE
        : row.qualify_request_id
          ? await qualifyUnwanted(trx, row.qualify_request_id, row.to)
          : row.interview_request_id
            ? await requestUnwanted(trx, row.interview_request_id, row.to)
            : undefined;
    if (unwanted) {
      await markFailed(trx, row, unwanted);
      return 'skipped' as const;
    }
    // In E.164, a national number read in the candidate's country; one that cannot be read is not sent to a guess.
    const recipient = await recipientNumber(trx, row);
    if ('notSent' in recipient) {
      await markFailed(trx, row, recipient.notSent);
      return 'failed' as const;
    }
    let result: Awaited<ReturnType<WhatsappAdapter['send']>>;
    try {
      result = await adapter.send({
        to: recipient.to,
        template: row.template,
        language: row.language,
        components: row.components ?? [],
      });
    } catch (err) {
      logger.warn({ id, err }, 'WhatsApp message not sent');
      const message = String((err as Error).message);
      // Refused for good, or the last attempt: failed now, shown so, and nothing left to retry.
      if (err instanceof WhatsappError && err.permanent) {
        await markFailed(trx, row, `Not sent: WhatsApp refused it (${err.status}): ${message}`);
        return 'failed' as const;
      }
      if (options.lastAttempt) {
        await markFailed(trx, row, `Not sent: the last attempt failed: ${message}`);
        return 'failed' as const;
      }
      // Kept on the row (committed), then the job fails and graphile-worker tries again later.
      await trx('whatsapp_messages')
        .where('id', id)
        .update({ error: String((err as Error).message).slice(0, 4000), updated_at: trx.fn.now() });
      return err as Error;
    }
    const providerId = result.outcome === 'sent' ? result.id : null;
    // Unconfirmed: marked sent (without a provider id, the reason kept) so no retry posts it again.
    const unconfirmed = result.outcome === 'unconfirmed' ? result.reason : null;
    if (unconfirmed) logger.warn({ id, reason: unconfirmed }, 'WhatsApp message sent without confirmation');
    await trx('whatsapp_messages')
      .where('id', id)
      .update({
        status: providerId || unconfirmed ? WHATSAPP_STATUS.sent : WHATSAPP_STATUS.stored,
        provider_message_id: providerId,
        error: unconfirmed ? `Sent, not confirmed: ${unconfirmed}`.slice(0, 4000) : null,
        sent_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      });
    if (row.qualify_request_id) {
      await trx('qualify_requests')
        .where('id', row.qualify_request_id)
        .where('state', QUALIFY_STATE.queued)
        .update({ state: QUALIFY_STATE.sent, provider_message_id: providerId, updated_at: trx.fn.now() });
    }
    return providerId || unconfirmed ? ('sent' as const) : ('stored' as const);
  });
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

export interface WhatsappEntry {
  to: string;
  template: string;
  preview: string | null;
  status: number;
  /** Why it was not sent (failed), or a note on how it went (sent without the provider's confirmation). */
  error: string | null;
  createdAt: string;
}

export async function listWhatsapp(knex: Knex, to?: string, limit = 100): Promise<WhatsappEntry[]> {
  const q = knex('whatsapp_messages')
    .select('to', 'template', 'preview', 'status', 'error', 'created_at')
    .orderBy('id', 'desc')
    .limit(limit);
  if (to) q.where('to', to);
  const rows = await q;
  return rows.map((r) => ({
    to: r.to,
    template: r.template,
    preview: r.preview,
    status: r.status,
    error: r.error,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
