/**
 * /api/v1/auth: sign-in and sign-up with Google and LinkedIn. Browser navigations end in a redirect
 * to a portal page carrying a one-time key (gnbsl), or to /auth/login?<flag>=true when refused.
 * A sign-in may name the page to return to (`?redirect=`, a path on this site): it is kept in a cookie for
 * the round trip and handed to the portal's callback page (or to the login page, when refused).
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { OidcSignIn, SOCIAL_PROVIDERS, type SocialProfile, type SocialProvider } from '../adapters/oidc';
import type { Config } from '../config';
import { AppError, notFound } from '../errors';
import { logger } from '../logger';
import {
  assertMaySignIn,
  emailTaken,
  findAccount,
  findAccountByEmail,
  KIND_OF_SESSION,
  REFUSAL_FLAGS,
  SESSION_KIND,
} from './accounts';
import { respondWithLogin } from './login';
import { isSafeRedirect } from './magicLink';
import { consumeSocialKey, createSocialKey, readSocialKey } from './socialKeys';
import { hmac, sameHash } from './tokens';

type Intent = 'signin' | 'signupCompany' | 'signupCommunity';
const SIGNUP_INTENTS: Record<string, Intent> = { company: 'signupCompany', community: 'signupCommunity' };
/** The login page with a refusal's flag, keeping the page asked for as the login page's own `/auth/login/:redirectUrl`. */
const loginWithFlag = (flag: string, back?: string) =>
  `/auth/login${back ? `/${encodeURIComponent(back)}` : ''}?${flag}=true`;
/** Where a technical failure of the round trip (cancelled, state lost, unverified email) lands. */
const FAILED = (back?: string) => loginWithFlag('ssoError', back);

/**
 * A sign-in key works only in the browser that made the round trip: the callback gives that browser a cookie derived
 * from the key, and the exchange asks for it. A key alone, sent to someone else in a link, would otherwise sign them in
 * to the sender's account, and what they then typed would be the sender's (login CSRF).
 */
const BIND_COOKIE = 'tb_social';
const BIND_PATH = '/api/v1/auth';
const bindingOf = (req: Request, key: string) => hmac(req.ctx.config.secret, `social-sign-in:${key}`);

/** The page a sign-in returns to, kept for the round trip: only this cookie's path reads it. */
const BACK_COOKIE = 'tb_social_back';

/**
 * A page to return to after sign-in: a path on this site by the magic link's rule (isSafeRedirect), and still one once
 * URL-decoded, so an encoded `//` or backslash cannot pass either; anything else is dropped (the default page).
 */
function returnPath(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || !raw || !isSafeRedirect(raw)) return undefined;
  try {
    return isSafeRedirect(decodeURIComponent(raw)) ? raw : undefined;
  } catch {
    return undefined;
  }
}

const cookieOf = (req: Request, name: string) => (req.cookies as Record<string, string> | undefined)?.[name];

/** Keeps a sign-in's safe `?redirect=` for its round trip, and forgets any an earlier round trip left. */
function keepReturnPath(req: Request, res: Response, intent: Intent): void {
  const back = intent === 'signin' ? returnPath(req.query.redirect) : undefined;
  if (!back) {
    if (cookieOf(req, BACK_COOKIE) !== undefined) res.clearCookie(BACK_COOKIE, { path: BIND_PATH });
    return;
  }
  res.cookie(BACK_COOKIE, back, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.ctx.config.env === 'production',
    maxAge: 10 * 60_000,
    path: BIND_PATH,
  });
}

/** The page the round trip's sign-in asked to return to (checked again), taken out of the browser. */
function takeReturnPath(req: Request, res: Response): string | undefined {
  const raw = cookieOf(req, BACK_COOKIE);
  if (raw === undefined) return undefined;
  res.clearCookie(BACK_COOKIE, { path: BIND_PATH });
  return returnPath(raw);
}

/** The portal page each intent continues on; a sign-in's `back` (a safe path) goes along to the page after it. */
async function landing(
  req: Request,
  res: Response,
  provider: SocialProvider,
  intent: Intent,
  profile: SocialProfile,
  back?: string,
): Promise<string> {
  const { knex } = req.ctx;
  if (intent === 'signin') {
    const account = await findAccountByEmail(knex, profile.email);
    if (!account) return loginWithFlag(REFUSAL_FLAGS['user.notFound'], back);
    try {
      assertMaySignIn(account);
    } catch (err) {
      const flag = err instanceof AppError ? (err.extra?.flag as string | undefined) : undefined;
      if (flag) return loginWithFlag(flag, back);
      throw err;
    }
    const key = await createSocialKey(knex, 'signin', provider, profile, {
      kind: SESSION_KIND[account.kind],
      id: account.id,
    });
    res.cookie(BIND_COOKIE, bindingOf(req, key), {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.ctx.config.env === 'production',
      maxAge: 5 * 60_000,
      path: BIND_PATH,
    });
    return `/auth/social-callback?gnbsl=${key}${back ? `&redirect=${encodeURIComponent(back)}` : ''}`;
  }
  if (await emailTaken(knex, profile.email)) return loginWithFlag(REFUSAL_FLAGS['email.exists']);
  const key = await createSocialKey(knex, intent, provider, profile);
  return intent === 'signupCompany' ? `/auth/company/signup/1?gnbsl=${key}` : `/community/auth/signup?gnbsl=${key}`;
}

export function socialRouter(): Router {
  const router = Router();
  let oidc: OidcSignIn | undefined;
  const adapter = (config: Config) => (oidc ??= new OidcSignIn(config));

  const configured = (req: Request, provider: SocialProvider) => {
    if (!adapter(req.ctx.config).settings(provider)) throw notFound();
  };

  const start =
    (provider: SocialProvider, intent: Intent) => async (req: Request, res: Response, next: NextFunction) => {
      configured(req, provider);
      keepReturnPath(req, res, intent);
      try {
        await adapter(req.ctx.config).start(provider, intent, req, res, next);
      } catch (err) {
        logger.warn({ err, provider }, 'social sign-in could not start');
        if (!res.headersSent) res.redirect(FAILED(intent === 'signin' ? returnPath(req.query.redirect) : undefined));
      }
    };

  router.get('/providers', (req, res) => {
    res.json(Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, Boolean(req.ctx.config[p])])));
  });

  for (const provider of SOCIAL_PROVIDERS) {
    router.get(`/${provider}/signin`, start(provider, 'signin'));
    for (const [kind, intent] of Object.entries(SIGNUP_INTENTS))
      router.get(`/${provider}/signup/${kind}`, start(provider, intent));

    router.get(`/${provider}/callback`, async (req, res, next) => {
      configured(req, provider);
      const back = takeReturnPath(req, res);
      let target = FAILED(back);
      try {
        const outcome = await adapter(req.ctx.config).finish(provider, req, res, next);
        if (outcome.ok && ['signin', 'signupCompany', 'signupCommunity'].includes(outcome.intent)) {
          target = await landing(req, res, provider, outcome.intent as Intent, outcome.profile, back);
        } else if (!outcome.ok) logger.info({ provider, reason: outcome.reason }, 'social sign-in refused');
      } catch (err) {
        logger.warn({ err, provider }, 'social sign-in failed');
      }
      if (!res.headersSent) res.redirect(target);
    });
  }

  router.get('/get/profile/via/social/login', async (req, res) => {
    const bound = (req.cookies as Record<string, string> | undefined)?.[BIND_COOKIE];
    const key = typeof req.query.gnbsl === 'string' ? req.query.gnbsl : '';
    // Another browser's key is answered as a stale one.
    if (!bound || !sameHash(bound, bindingOf(req, key))) throw new AppError(400, 'sso.decodeFailed');
    res.clearCookie(BIND_COOKIE, { path: BIND_PATH });
    const row = await consumeSocialKey(req.ctx.knex, req.query.gnbsl, 'signin');
    const kind = KIND_OF_SESSION[row.account_kind ?? 0];
    const account = kind && row.account_id ? await findAccount(req.ctx.knex, { kind, id: row.account_id }) : undefined;
    // The account must still be the one the provider vouched for.
    if (!account || account.email !== row.email) throw new AppError(401, 'sso.userMismatch');
    await respondWithLogin(req, res, account);
  });

  const prefill = (provider: SocialProvider) => async (req: Request, res: Response) => {
    const row = await readSocialKey(req.ctx.knex, req.query.gnbsl, ['signupCompany', 'signupCommunity'], provider);
    res.json({ firstName: row.first_name, lastName: row.last_name, email: row.email });
  };
  router.get('/name/via/google', prefill('google'));
  router.get('/name/via/linked-in', prefill('linkedin'));

  return router;
}
