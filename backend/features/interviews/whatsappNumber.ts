/**
 * The number a queued WhatsApp message goes to. A profile's phone may be stored as its owner wrote it, national
 * ('07911 123456' for a candidate in London); the provider takes E.164 (without its '+') and would read a national
 * number wrongly, or refuse it. So the candidate's phone is read into E.164 in the country of their current location,
 * by the rule replies and opt-outs are matched by (services/phoneKeys.ts; schema/validation/phone.ts toE164):
 * '07911 123456' in GB goes to 447911123456. A number that cannot be read so (a national one without a known country,
 * or not a valid number) is never guessed at: the reason is answered instead, and the outbox marks the message failed
 * with it (whatsappOutbox.ts), which the qualify requests' list and the development mailbox show.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { toE164 } from '../../../schema/validation/phone';
import { candidateCountry } from '../../services/phoneKeys';

interface QueuedRow {
  to: string;
  qualify_request_id: number | null;
  interview_request_id: number | null;
}

/** The candidate a queued message is for (its qualify or interview request's), if any. */
async function candidateOf(trx: Knex.Transaction, row: QueuedRow): Promise<number | undefined> {
  const request = row.qualify_request_id
    ? await trx('qualify_requests').where('id', row.qualify_request_id).first('candidate_id')
    : row.interview_request_id
      ? await trx('interview_requests').where('id', row.interview_request_id).first('candidate_id')
      : undefined;
  return request?.candidate_id as number | undefined;
}

/**
 * `row.to` in E.164 as the adapter is handed it, read in the candidate's country (see above); or, when it cannot be
 * read so, why the message is not sent.
 */
export async function recipientNumber(
  trx: Knex.Transaction,
  row: QueuedRow,
): Promise<{ to: string } | { notSent: string }> {
  const international = row.to.trim().startsWith('+');
  const country = international ? undefined : await candidateCountry(trx, await candidateOf(trx, row));
  const e164 = toE164(row.to, country);
  if (e164) return { to: e164 };
  if (international) return { notSent: t('whatsapp.notSent.invalidInternational') };
  if (!country) return { notSent: t('whatsapp.notSent.noCountry') };
  return { notSent: t('whatsapp.notSent.invalidNumber', { country }) };
}
