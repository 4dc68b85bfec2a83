import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * A company self sign-up in progress: steps 1 (you) and 2 (company) are kept here under the hash
 * of the signupToken the client holds, until step 3 (team) creates everything at once.
 */
export const signupDraft = defineEntity({
  name: 'signupDraft',
  table: 'signup_drafts',
  subject: 'SignupDraft',
  fields: {
    tokenHash: f.secret({ required: true, unique: true, max: 64 }),
    email: f.email({ required: true, index: true }),
    step: f.integer({ required: true, default: 1 }),
    person: f.json({ required: true }),
    companyDetails: f.json(),
    expiresAt: f.datetime({ required: true }),
    completedAt: f.datetime(),
    companyId: f.ref('company', { onDelete: 'set null' }),
    ...f.timestamps(),
  },
  permissions: {},
});
