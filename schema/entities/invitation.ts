import { defineEntity } from '../lib/define';
import { f } from '../lib/fields';

/**
 * An invitation for a colleague to join a company. The invited person already exists as a pending
 * company user; the invitation holds the emailed link's hash. An invitation into a company still
 * pending is held (no token, not sent) until an admin approves the company. The colleagues a self
 * sign-up names are not invited until then at all (companies.heldInvites, signup/approval.ts).
 */
export const invitation = defineEntity({
  name: 'invitation',
  table: 'invitations',
  subject: 'Invitation',
  fields: {
    companyUserId: f.ref('companyUser', { required: true, unique: true, onDelete: 'cascade' }),
    companyId: f.ref('company', { required: true, onDelete: 'cascade' }),
    email: f.email({ required: true, index: true }),
    role: f.enum({ admin: 1, member: 2 }, { required: true, default: 2 }),
    tokenHash: f.secret({ max: 64, unique: true }),
    expiresAt: f.datetime(),
    sentAt: f.datetime(),
    sendCount: f.integer({ required: true, default: 0 }),
    usedAt: f.datetime(),
    ...f.timestamps(),
  },
  permissions: {},
});
