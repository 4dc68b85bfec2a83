/**
 * The password calls of spec section 7 in a product with no passwords: `POST auth/forgot-password`,
 * `POST auth/reset-password` and `POST auth/send-password-reset-email` {email, method?: 'link' | 'code'} each send
 * the sign-in link (or code) a person signs in with, and say so. The answer is the same whether or not an account
 * uses the address, and the same limits per address and per IP hold as for any sign-in email (a browser with the address's device cookie
 * in its own bucket, as on the sign-in form). Whatever else an older
 * client sends (a reset token, a new password) is dropped unread: nothing here sets or stores a password.
 */
import { z } from 'zod';
import { bindLinkToBrowser } from '../../auth/linkBinding';
import { sendMagicLink } from '../../auth/magicLink';
import { sendLoginCode } from '../../auth/otp';
import { deviceFor } from '../../auth/deviceCookie';
import { signInSendLimits } from '../../auth/rateLimit';
import { email } from '../../../schema/validation/inputs';
import { defineEndpoint } from '../../endpoints/define';

const body = z.object({ email: email(), method: z.enum(['link', 'code']).catch('link') });

const passwordless = (path: string, summary: string) =>
  defineEndpoint({
    method: 'post',
    path,
    summary,
    access: 'public',
    input: { body },
    // A browser signed in to the address before asks in its own bucket, as on the sign-in form (auth/rateLimit.ts).
    limits: ({ body, req, ctx }) => signInSendLimits(ctx.config, body.email, req.ip, deviceFor(req, body.email)),
    handler: async ({ body, req, res, ctx }) => {
      if (body.method === 'code') await sendLoginCode(ctx.knex, ctx.config, body.email, req.ip);
      else {
        await sendMagicLink(ctx.knex, ctx.config, body.email, undefined, req.ip);
        // The browser that asked opens the link without a question (backend/auth/linkBinding.ts).
        bindLinkToBrowser(req, res, body.email);
      }
      return {
        success: true,
        passwordless: true,
        method: body.method,
        message: body.method === 'code' ? 'messages.passwordlessCode' : 'messages.passwordlessLink',
      };
    },
  });

export const passwordlessEndpoints = [
  passwordless('/auth/forgot-password', 'No passwords here: emails the sign-in link (or code) instead of a reset'),
  passwordless(
    '/auth/reset-password',
    'No passwords here: emails the sign-in link (or code) instead of a new password',
  ),
  passwordless('/auth/send-password-reset-email', 'No passwords here: emails the sign-in link (or code) instead'),
];
