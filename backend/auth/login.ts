/**
 * The one login response every sign-in flow ends with (emailed code, magic link, social sign-in,
 * invitation): the state rules are applied, a session is created and set as the httpOnly cookie, and the
 * browser is given its device cookie (deviceCookie.ts), which spares it the lockout of its address (rateLimit.ts).
 */
import type { Request, Response } from 'express';
import { actorOf, assertMaySignIn, authorizedModules, userPayload, type Account } from './accounts';
import { setDeviceCookie } from './deviceCookie';
import { createSession, setSessionCookie } from './session';

export async function respondWithLogin(
  req: Request,
  res: Response,
  account: Account,
  extra: Record<string, unknown> = {},
): Promise<void> {
  assertMaySignIn(account);
  const { token, expiresAt, firstSignIn } = await createSession(
    req.ctx.knex,
    account,
    req.ctx.config.sessionTtlHours,
    req.get('user-agent'),
  );
  setSessionCookie(req, res, token, expiresAt);
  setDeviceCookie(req, res, account);
  res.json({
    accessToken: token,
    expiresAt: expiresAt.toISOString(),
    user: userPayload(account),
    status: account.status,
    authorizedModules: authorizedModules(actorOf(account)),
    // The person's first sign-in ever: the portal shows its welcome once (spec: the new-user flag).
    firstSignIn,
    ...extra,
  });
}

/** A `{ token }`-style secret from a body or query: a 43-character base64url string, or undefined when malformed. */
export function tokenShape(raw: unknown): string | undefined {
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{43}$/.test(raw.trim()) ? raw.trim() : undefined;
}
