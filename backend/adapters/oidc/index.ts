/**
 * Google and LinkedIn sign-in through passport with openid-client's OpenID Connect strategy.
 * Providers are discovered on first use. The round trip's state (PKCE verifier or state, and what
 * the user came to do) lives in a short-lived signed httpOnly cookie instead of a server session.
 */
import type { NextFunction, Request, Response } from 'express';
import * as client from 'openid-client';
import { Strategy, type VerifyFunction } from 'openid-client/passport';
import passport from 'passport';
import type { Config, OidcClientConfig } from '../../config';
import { hmac, sameHash } from '../../auth/tokens';
import { StateOnlyStrategy } from './stateOnlyStrategy';
import { oneLine } from '../../../schema/validation/fieldChecks';
import { normaliseEmail } from '../../../schema/lib/email';

export type SocialProvider = 'google' | 'linkedin';
export const SOCIAL_PROVIDERS: SocialProvider[] = ['google', 'linkedin'];

export interface SocialProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export type SocialOutcome = { ok: true; profile: SocialProfile; intent: string } | { ok: false; reason: string };

const COOKIE = 'tb_oidc';
const COOKIE_PATH = '/api/v1/auth';
const ROUND_TRIP_MINUTES = 10;
const SCOPE = 'openid profile email';

/** Only a loopback issuer may be plain http: that is a local stand-in provider, never a real one. */
function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

const text = (v: unknown) => (typeof v === 'string' && oneLine(v) ? oneLine(v).slice(0, 80) : null);

export class OidcSignIn {
  private readonly passport = new passport.Passport();
  private readonly ready = new Map<SocialProvider, Promise<void>>();

  constructor(private readonly config: Config) {}

  settings(provider: SocialProvider): OidcClientConfig | undefined {
    return this.config[provider];
  }

  /** Redirects to the provider; `intent` comes back with the callback. */
  async start(
    provider: SocialProvider,
    intent: string,
    req: Request,
    res: Response,
    next: NextFunction,
  ): Promise<void> {
    await this.strategy(provider);
    this.attachState(req, res, { intent });
    this.passport.authenticate(provider, { session: false })(req, res, next);
  }

  /** Completes the round trip on the callback: the verified profile and the intent, or why it failed. */
  async finish(provider: SocialProvider, req: Request, res: Response, next: NextFunction): Promise<SocialOutcome> {
    await this.strategy(provider);
    const state = this.readState(req);
    res.clearCookie(COOKIE, { path: COOKIE_PATH });
    if (!state) return { ok: false, reason: 'missing or expired round-trip state' };
    // Without a code or an error the strategy would start a new round trip instead of finishing this one.
    if (req.query.code === undefined && req.query.error === undefined)
      return { ok: false, reason: 'no authorization response' };
    this.attachState(req, res, state, false);
    return new Promise<SocialOutcome>((resolve) => {
      this.passport.authenticate(
        provider,
        { session: false },
        (err: unknown, user: SocialProfile | false, info: unknown) => {
          if (err) resolve({ ok: false, reason: err instanceof Error ? err.message : String(err) });
          else if (!user)
            resolve({ ok: false, reason: (info as { message?: string } | undefined)?.message ?? 'refused' });
          else resolve({ ok: true, profile: user, intent: String(state.intent) });
        },
      )(req, res, next);
    });
  }

  private strategy(provider: SocialProvider): Promise<void> {
    let pending = this.ready.get(provider);
    if (!pending) {
      pending = this.discover(provider);
      // A failed discovery (provider unreachable) is retried on the next attempt.
      pending.catch(() => this.ready.delete(provider));
      this.ready.set(provider, pending);
    }
    return pending;
  }

  private async discover(provider: SocialProvider): Promise<void> {
    const settings = this.settings(provider);
    if (!settings) throw new Error(`${provider} sign-in is not configured`);
    const issuer = new URL(settings.issuer);
    const config = await client.discovery(
      issuer,
      settings.clientId,
      undefined,
      client.ClientSecretPost(settings.clientSecret),
      isLoopbackHttp(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    const options = {
      config,
      name: provider,
      callbackURL: `${this.config.publicUrl}/api/v1/auth/${provider}/callback`,
      scope: SCOPE,
      sessionKey: `oidc:${provider}`,
    };
    const verify = verifier(config);
    this.passport.use(
      provider,
      provider === 'linkedin' ? new StateOnlyStrategy(options, verify) : new Strategy(options, verify),
    );
  }

  /** Gives passport the req.session it expects, written to the signed cookie whenever the strategy stores into it. */
  private attachState(req: Request, res: Response, initial: Record<string, unknown>, persist = true): void {
    const data = { ...initial };
    const write = () => {
      if (!persist) return;
      const payload = Buffer.from(JSON.stringify({ ...data, exp: Date.now() + ROUND_TRIP_MINUTES * 60_000 })).toString(
        'base64url',
      );
      res.cookie(COOKIE, `${payload}.${hmac(this.config.secret, payload)}`, {
        httpOnly: true,
        // Lax: the provider brings the browser back with a top-level GET, which carries Lax cookies.
        sameSite: 'lax',
        secure: this.config.env === 'production',
        path: COOKIE_PATH,
        maxAge: ROUND_TRIP_MINUTES * 60_000,
      });
    };
    (req as Request & { session?: unknown }).session = new Proxy(data, {
      set(target, key, value) {
        (target as Record<string | symbol, unknown>)[key] = value;
        write();
        return true;
      },
    });
  }

  private readState(req: Request): Record<string, unknown> | undefined {
    const raw = (req.cookies as Record<string, string> | undefined)?.[COOKIE];
    const [payload, signature] = typeof raw === 'string' ? raw.split('.') : [];
    if (
      !payload ||
      !signature ||
      !/^[0-9a-f]{64}$/.test(signature) ||
      !sameHash(signature, hmac(this.config.secret, payload))
    )
      return undefined;
    try {
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      return typeof data.exp === 'number' && data.exp > Date.now() ? data : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The profile of a verified sign-in: the email must be verified by the provider to find an account by it. */
function verifier(config: client.Configuration): VerifyFunction {
  return (tokens, done) => {
    void (async () => {
      const claims = tokens.claims();
      if (!claims) return done(null, false, { message: 'no ID token' });
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      const rawEmail = info.email ?? claims.email;
      const email = typeof rawEmail === 'string' && rawEmail.length <= 254 ? normaliseEmail(rawEmail) : undefined;
      const verified = info.email_verified ?? claims.email_verified;
      if (!email || (verified !== true && verified !== 'true'))
        return done(null, false, { message: 'no verified email' });
      done(null, {
        email,
        firstName: text(info.given_name ?? claims.given_name),
        lastName: text(info.family_name ?? claims.family_name),
      } satisfies SocialProfile);
    })().catch((err: unknown) => done(err));
  };
}
