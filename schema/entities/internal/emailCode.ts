import { defineEntity } from '../../lib/define';
import { f } from '../../lib/fields';

/**
 * A one-time sign-in code or link: stored as an HMAC, expires, counts failed tries (apart for browsers that signed in
 * to the address's account before), used once.
 */
export const emailCode = defineEntity({
  name: 'emailCode',
  table: 'email_codes',
  subject: 'EmailCode',
  fields: {
    email: f.email({ required: true, index: true }),
    purpose: f.enum({ loginCode: 1, magicLink: 2, confirmEmail: 3 }, { required: true, default: 1 }),
    codeHash: f.secret({ required: true, max: 64, index: true }),
    /** Wrong tries of a sign-in code from browsers without a device cookie for the address (otp.ts). */
    attempts: f.integer({ required: true, default: 0 }),
    /** Wrong tries of a sign-in code from browsers with a valid device cookie for the address: their own five (otp.ts). */
    deviceAttempts: f.integer({ required: true, default: 0 }),
    expiresAt: f.datetime({ required: true }),
    usedAt: f.datetime(),
    requestIp: f.string({ max: 64 }),
    /** What the code or link is for beyond the email: a magic link's redirectUrl, the account whose new address is being confirmed. */
    payload: f.json(),
    ...f.timestamps(),
  },
  permissions: {},
});
