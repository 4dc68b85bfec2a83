import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * Every WhatsApp template message the product sends (interview requests, job descriptions and
 * qualify requests), written in the transaction that causes it and delivered by the
 * send_whatsapp_message job, like the email outbox; without credentials it stays here and shows in
 * the development mailbox. The provider's status webhook marks a sent one delivered (or read) or failed, with the
 * reason it gives (whatsappStatus.ts).
 */
export const whatsappMessage = defineEntity({
  name: 'whatsappMessage',
  table: 'whatsapp_messages',
  subject: 'WhatsappMessage',
  fields: {
    to: f.string({ required: true, max: 32 }),
    template: f.string({ required: true, max: 120 }),
    language: f.string({ required: true, max: 10, default: 'en' }),
    components: f.json({ max: 8000 }),
    // The message as the candidate reads it, for the development mailbox.
    preview: f.text({ max: 4000 }),
    status: f.enum({ queued: 0, sent: 1, stored: 2, failed: 3, delivered: 4 }, { required: true, default: 0 }),
    providerMessageId: f.string({ max: 200, unique: true }),
    interviewRequestId: f.ref('interviewRequest', { onDelete: 'cascade' }),
    qualifyRequestId: f.ref('qualifyRequest', { onDelete: 'cascade' }),
    error: f.text({ max: 4000 }),
    sentAt: f.datetime(),
    ...f.timestamps(),
  },
  permissions: {},
});
