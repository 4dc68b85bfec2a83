/** /api/v1/auth: sign-in by emailed code, the session check and logout. */
import { Router, type Request } from 'express';
import { EMAIL_PATTERN } from '../../schema';
import { badRequest, unauthorized } from '../errors';
import { assertMaySignIn, authorizedModules, actorOf, findAccount, userPayload, type AccountKind } from './accounts';
import { sendLoginCode, verifyLoginCode } from './otp';
import { COOKIE, createSession, destroySession, setSessionCookie } from './session';

function emailFrom(body: unknown): string {
  const raw = (body as { email?: unknown } | undefined)?.email;
  if (raw === undefined || raw === null || raw === '') throw badRequest({ email: 'email.errors.required' });
  if (typeof raw !== 'string' || !EMAIL_PATTERN.test(raw.trim()) || raw.length > 254) throw badRequest({ email: 'email.errors.invalid' });
  return raw.trim().toLowerCase();
}

const ACTOR_KIND: Record<string, AccountKind> = { admin: 'admin', company: 'companyUser', raasCompany: 'companyUser', candidate: 'candidate' };

export function authRouter(): Router {
  const router = Router();

  router.post('/send-email-otp', async (req, res) => {
    const email = emailFrom(req.body);
    await sendLoginCode(req.ctx.knex, req.ctx.config, email, req.ip);
    res.json({ success: true, message: 'messages.codeSent' });
  });

  router.post('/login-by-email-otp', async (req, res) => {
    const email = emailFrom(req.body);
    const otp = (req.body as { otp?: unknown }).otp;
    if (otp === undefined || otp === null || otp === '') throw badRequest({ otp: 'otp.errors.required' });
    if (typeof otp !== 'string' || !/^\d{6}$/.test(otp)) throw badRequest({ otp: 'otp.errors.invalid' });
    const account = await verifyLoginCode(req.ctx.knex, req.ctx.config, email, otp);
    assertMaySignIn(account);
    const { token, expiresAt } = await createSession(req.ctx.knex, account, req.ctx.config.sessionTtlHours, req.get('user-agent'));
    setSessionCookie(req, res, token, expiresAt);
    res.json({
      accessToken: token,
      expiresAt: expiresAt.toISOString(),
      user: userPayload(account),
      status: account.status,
      authorizedModules: authorizedModules(actorOf(account)),
    });
  });

  router.get('/check/user', async (req: Request, res) => {
    if (req.actor.role === 'guest' || !req.actor.id) throw unauthorized();
    const account = await findAccount(req.ctx.knex, { kind: ACTOR_KIND[req.actor.role], id: req.actor.id });
    if (!account) throw unauthorized();
    assertMaySignIn(account);
    res.json({ user: userPayload(account), status: account.status, authorizedModules: authorizedModules(req.actor), isLoggedIn: true });
  });

  router.post('/logout', async (req, res) => {
    await destroySession(req);
    res.clearCookie(COOKIE, { path: '/' });
    res.json({ success: true });
  });

  return router;
}
