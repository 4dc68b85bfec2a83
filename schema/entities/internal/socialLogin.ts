import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * The outcome of a Google or LinkedIn round trip, handed to the portal as a short-lived one-time
 * key (gnbsl) so no identity travels in a URL: a sign-in names the account, a sign-up the verified
 * email and name to prefill.
 */
export const socialLogin = defineEntity({
  name: 'socialLogin',
  table: 'social_logins',
  subject: 'SocialLogin',
  fields: {
    keyHash: f.secret({ required: true, unique: true, max: 64 }),
    purpose: f.enum({ signin: 1, signupCompany: 2, signupCommunity: 3 }, { required: true }),
    provider: f.enum({ google: 1, linkedin: 2 }, { required: true }),
    email: f.email({ required: true }),
    firstName: f.string({ max: 80 }),
    lastName: f.string({ max: 80 }),
    accountKind: f.integer(),
    accountId: f.integer(),
    expiresAt: f.datetime({ required: true }),
    usedAt: f.datetime(),
    ...f.timestamps(),
  },
  permissions: {},
});
