import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/** A pending change of a candidate's email: a code sent to the new address, stored as an HMAC, used once. */
export const candidateEmailChange = defineEntity({
  name: 'candidateEmailChange',
  table: 'candidate_email_changes',
  subject: 'CandidateEmailChange',
  fields: {
    candidateId: f.ref('candidate', { required: true, onDelete: 'cascade' }),
    newEmail: f.email({ required: true }),
    codeHash: f.secret({ required: true, max: 64 }),
    attempts: f.integer({ required: true, default: 0 }),
    expiresAt: f.datetime({ required: true }),
    usedAt: f.datetime(),
    ...f.timestamps(),
  },
  permissions: {
    // A candidate changes their own email through a code sent to the new address (create), and only
    // they, signed in, complete it (update); admins may start it for them.
    admin: { create: true },
    candidate: { create: { when: 'ownCandidate' }, update: { when: 'ownCandidate' } },
  },
});
