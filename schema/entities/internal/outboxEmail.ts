import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/** Every email the product sends, written in the transaction that causes it and delivered by the send_email job. */
export const outboxEmail = defineEntity({
  name: 'outboxEmail',
  table: 'outbox_emails',
  subject: 'OutboxEmail',
  fields: {
    to: f.email({ required: true, index: true }),
    subject: f.string({ required: true, max: 300 }),
    text: f.text({ required: true, max: 100000 }),
    html: f.text({ max: 200000 }),
    // Files sent with the email (e.g. calendar invitations): [{filename, contentType, content}] as text.
    attachments: f.json({ max: 200000, hidden: true }),
    // Extra message headers by name, e.g. a digest's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
    headers: f.json({ max: 4000, hidden: true }),
    status: f.enum({ queued: 0, sent: 1, stored: 2, failed: 3 }, { required: true, default: 0 }),
    error: f.text({ max: 4000 }),
    sentAt: f.datetime(),
    ...f.timestamps(),
  },
  permissions: {},
});
