/**
 * The provider's delivery statuses (the Cloud API's webhook `statuses[]`) on the outbox's messages: `delivered` or
 * `read` marks a sent message delivered; `failed` marks it failed with a reason a person can read, from the status's
 * first error: the common codes in our words (131026 the number is not on WhatsApp or cannot receive it, 131047 the
 * 24-hour window, 131051 an unsupported message type), any other by the provider's title. The reason is kept in
 * `error`, as a failure before sending is (whatsappOutbox.ts markFailed), and the lists show it the same way. Neither
 * the codes nor the titles the provider sends carry the candidate's number, and no reason names it.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import type { WebhookEvents } from '../../adapters/whatsapp';
import { WHATSAPP_STATUS } from './whatsappOutbox';

const BY_CODE: Record<number, 'notWhatsapp' | 'window' | 'unsupported'> = {
  131026: 'notWhatsapp',
  131047: 'window',
  131051: 'unsupported',
};

/** Why the provider did not deliver a message, from its status's error. */
export function notDeliveredReason(error: WebhookEvents['statuses'][number]['error']): string {
  const known = error?.code === undefined ? undefined : BY_CODE[error.code];
  if (known) return t(`whatsapp.notDelivered.${known}`);
  const title = error?.title?.replace(/\s+/g, ' ').trim();
  return title ? t('whatsapp.notDelivered.other', { title }) : t('whatsapp.notDelivered.unknown');
}

/** Records one status on the message with that provider id; a failed one is not marked delivered again. */
export async function recordMessageStatus(trx: Knex.Transaction, s: WebhookEvents['statuses'][number]): Promise<void> {
  const message = trx('whatsapp_messages').where('provider_message_id', s.id);
  if (s.status === 'failed')
    await message.update({
      status: WHATSAPP_STATUS.failed,
      error: notDeliveredReason(s.error).slice(0, 4000),
      updated_at: trx.fn.now(),
    });
  else if (s.status === 'delivered' || s.status === 'read')
    await message
      .whereIn('status', [WHATSAPP_STATUS.sent, WHATSAPP_STATUS.queued])
      .update({ status: WHATSAPP_STATUS.delivered, updated_at: trx.fn.now() });
}
