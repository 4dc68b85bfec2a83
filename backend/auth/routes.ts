/** /api/v1/auth: sign-in by emailed code or magic link, social sign-in, the session check and logout. */
import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { EMAIL_PATTERN, normaliseEmail } from '../../schema';
import { AppError, badRequest, unauthorized } from '../errors';
import type { Config } from '../config';
import { communityDestination, completeCommunitySignup } from './communitySignup';
import {
  authorizedModules,
  findAccount,
  findAccountByEmail,
  KIND_OF_ROLE,
  lockEmail,
  userPayload,
  type Account,
} from './accounts';
import { bindLinkToBrowser, browserAskedFor, clearLinkBinding } from './linkBinding';
import { respondWithLogin, tokenShape } from './login';
import { consumeMagicLink, isSafeRedirect, peekMagicLink, sendMagicLink } from './magicLink';
import { sendLoginCode, verifyLoginCode } from './otp';
import { deviceFor } from './deviceCookie';
import { limitCodeChecks, limitSignInSends } from './rateLimit';
import { COOKIE, destroySession } from './session';
import { socialRouter } from './socialRoutes';

export function emailFrom(body: unknown): string {
  const raw = (body as { email?: unknown } | undefined)?.email;
  if (raw === undefined || raw === null || raw === '') throw badRequest({ email: 'email.errors.required' });
  const email = typeof raw === 'string' && raw.length <= 254 ? normaliseEmail(raw) : undefined;
  if (email === undefined || !EMAIL_PATTERN.test(email)) throw badRequest({ email: 'email.errors.invalid' });
  return email;
}

/**
 * Uses up a link and finds its account: a community sign-up link creates the account now, and opening any link
 * proves the address of a community member still waiting for that. Undefined when the link or its account is gone.
 */
async function openMagicLink(
  knex: Knex,
  config: Config,
  token: string,
): Promise<{ account: Account; redirectUrl?: string } | undefined> {
  return knex.transaction(async (trx) => {
    const link = await consumeMagicLink(trx, token);
    if (!link) return undefined;
    // A sign-up creates an account: no other account of the address is created meanwhile (lockEmail).
    if (link.signup) await lockEmail(trx, link.email);
    let account = await findAccountByEmail(trx, link.email);
    // A community sign-up link: opening it proves the address, and only now is the account created.
    if (!account && link.signup) account = await completeCommunitySignup(trx, config, link.email, link.signup);
    if (!account) return undefined;
    // Opening the link proves the address: it completes a community magic-link sign-up still waiting for that. A
    // member whose address was proven before and whom an admin set to Pending stays pending: the hold is the admin's.
    if (account.kind === 'community' && account.status === 0) {
      const proven = await trx('community_users')
        .where({ id: account.id, status: 0 })
        .whereNull('email_confirmed_at')
        .update({ status: 1, email_confirmed_at: trx.fn.now(), updated_at: trx.fn.now() });
      if (proven) account.status = 1;
    }
    return { account, redirectUrl: link.redirectUrl };
  });
}

export function authRouter(): Router {
  const router = Router();

  router.post('/send-email-otp', async (req, res) => {
    const email = emailFrom(req.body);
    // A browser signed in to the address's account before counts in its own bucket (rateLimit.ts: lockout).
    await limitSignInSends(req.ctx.knex, req.ctx.config, email, req.ip, deviceFor(req, email));
    // The console says so: it signs in platform admins only, and nobody else is sent a code from it.
    const app = (req.body as { app?: unknown }).app === 'console' ? 'console' : 'portal';
    await sendLoginCode(req.ctx.knex, req.ctx.config, email, req.ip, app);
    res.json({ success: true, message: 'messages.codeSent' });
  });

  router.post('/login-by-email-otp', async (req, res) => {
    const email = emailFrom(req.body);
    const otp = (req.body as { otp?: unknown }).otp;
    if (otp === undefined || otp === null || otp === '') throw badRequest({ otp: 'otp.errors.required' });
    if (typeof otp !== 'string' || !/^\d{6}$/.test(otp)) throw badRequest({ otp: 'otp.errors.invalid' });
    // A browser signed in to the address's account before checks in its own bucket and with its own tries (otp.ts).
    const device = deviceFor(req, email);
    await limitCodeChecks(req.ctx.knex, req.ctx.config, email, req.ip, device);
    const account = await verifyLoginCode(req.ctx.knex, req.ctx.config, email, otp, device);
    await respondWithLogin(req, res, account);
  });

  router.post('/send-magic-link', async (req, res) => {
    const email = emailFrom(req.body);
    const redirectUrl = (req.body as { redirectUrl?: unknown }).redirectUrl;
    if (
      redirectUrl !== undefined &&
      redirectUrl !== null &&
      redirectUrl !== '' &&
      (typeof redirectUrl !== 'string' || !isSafeRedirect(redirectUrl))
    ) {
      throw badRequest({ redirectUrl: 'redirectUrl.errors.invalid' });
    }
    await limitSignInSends(req.ctx.knex, req.ctx.config, email, req.ip, deviceFor(req, email));
    await sendMagicLink(req.ctx.knex, req.ctx.config, email, (redirectUrl as string) || undefined, req.ip);
    bindLinkToBrowser(req, res, email);
    res.json({ success: true, message: 'messages.magicLinkSent' });
  });

  router.post('/login-by-magic-link', async (req, res) => {
    const body = req.body as { token?: unknown; confirm?: unknown } | undefined;
    const raw = body?.token;
    if (raw === undefined || raw === null || raw === '') throw badRequest({ token: 'token.errors.required' });
    const token = tokenShape(raw);
    const email = token ? await peekMagicLink(req.ctx.knex, token) : undefined;
    if (!token || !email) throw new AppError(401, 'magicLink.invalid');
    // A link this browser did not ask for may be someone else's own link sent to sign this person in to their account
    // (login CSRF): its holder is shown the address and asked first, and the link stays unused until they confirm.
    const asked = browserAskedFor(req, email);
    if (!asked && body?.confirm !== true) throw new AppError(409, 'magicLink.confirm', undefined, undefined, { email });
    const found = await openMagicLink(req.ctx.knex, req.ctx.config, token);
    if (!found) throw new AppError(401, 'magicLink.invalid');
    if (asked) clearLinkBinding(res);
    const redirectUrl = found.account.kind === 'community' ? communityDestination(req.ctx.config) : found.redirectUrl;
    await respondWithLogin(req, res, found.account, redirectUrl ? { redirectUrl } : {});
  });

  router.use(socialRouter());

  router.get('/check/user', async (req: Request, res) => {
    // A session whose person may no longer sign in is not a valid session: 401, naming the refusal's flag.
    const refused = res.locals.signInRefusal;
    if (refused instanceof AppError) throw new AppError(401, refused.code, undefined, undefined, refused.extra);
    const kind = KIND_OF_ROLE[req.actor.role];
    if (!kind || !req.actor.id) throw unauthorized();
    const account = await findAccount(req.ctx.knex, { kind, id: req.actor.id });
    if (!account) throw unauthorized();
    res.json({
      user: userPayload(account),
      status: account.status,
      authorizedModules: authorizedModules(req.actor),
      isLoggedIn: true,
    });
  });

  router.post('/logout', async (req, res) => {
    await destroySession(req);
    res.clearCookie(COOKIE, { path: '/' });
    res.json({ success: true });
  });

  return router;
}
