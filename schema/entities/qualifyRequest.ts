import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/**
 * A WhatsApp qualify request an admin sent to a candidate (spec sections 1 and 7): the template's
 * header and body, the provider's message id, and the candidate's reply (yes, no or text) as the
 * provider's signed webhook reported it.
 */
export const qualifyRequest = defineEntity({
  name: 'qualifyRequest',
  table: 'qualify_requests',
  subject: 'QualifyRequest',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    projectId: f.ref('project', { onDelete: 'set null' }),
    sentByAdminId: f.ref('admin', { onDelete: 'set null' }),
    toPhone: f.string({ max: 32, hidden: true }),
    header: f.string({ required: true, max: 60 }),
    body: f.text({ required: true, max: 1024 }),
    providerMessageId: f.string({ max: 200, unique: true }),
    state: f.enum({ queued: 0, sent: 1, delivered: 2, replied: 3, failed: 4 }, { required: true, default: 0 }),
    // optOut: the candidate asked to stop ("STOP"), which also turned WhatsApp off on their profile.
    reply: f.enum({ yes: 1, no: 2, text: 3, optOut: 4 }),
    replyText: f.text({ max: 4000 }),
    /** When the candidate sent the reply kept, by the provider's clock: an older one arriving later does not replace it. */
    repliedAt: f.datetime(),
    /** The provider's id of the reply kept: the same delivery again changes nothing. */
    replyMessageId: f.string({ max: 200, hidden: true }),
    ...f.timestamps(),
  },
  // The recruitment event log reads them newest first over a date range.
  indexes: [['createdAt', 'id']],
  permissions: {
    // Admins send qualify requests (POST /projects/candidate/send/qualify/request) and read the replies.
    admin: { read: true, create: true },
  },
});
