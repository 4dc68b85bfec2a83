import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * A company self sign-up in progress: steps 1 (you) and 2 (company) are kept here under the hash
 * of the signupToken the client holds, until step 3 (team) creates everything at once. Step 2
 * opens only once the address is proven by the 6-digit code step 1 emails (stored as an HMAC).
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
    codeHash: f.secret({ max: 64 }),
    codeExpiresAt: f.datetime(),
    codeAttempts: f.integer({ required: true, default: 0 }),
    emailConfirmedAt: f.datetime(),
    expiresAt: f.datetime({ required: true }),
    completedAt: f.datetime(),
    companyId: f.ref('company', { onDelete: 'set null' }),
    ...f.timestamps(),
  },
  permissions: {},
});
