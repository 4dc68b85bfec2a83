import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/** A signed-in session. Only the SHA-256 of its token is stored; it expires and is deleted on logout. */
export const session = defineEntity({
  name: 'session',
  table: 'sessions',
  subject: 'Session',
  fields: {
    tokenHash: f.secret({ required: true, unique: true, max: 64 }),
    actorKind: f.enum({ admin: 1, companyUser: 2, candidate: 3, community: 5 }, { required: true }),
    actorId: f.integer({ required: true, index: true }),
    expiresAt: f.datetime({ required: true }),
    lastSeenAt: f.datetime({ dbDefault: 'now' }),
    userAgent: f.string({ max: 512 }),
    ...f.timestamps(),
  },
  permissions: {},
});
