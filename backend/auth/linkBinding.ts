/**
 * A magic link signs in at once only in the browser that asked for it. Asking for a link (sign-in, community sign-up,
 * the password calls) leaves that browser an HttpOnly cookie binding it to the address for as long as a link lives:
 * `<expiresAtMs>.<hmac of the lowercased address and expiresAtMs>`, set whether or not an account uses the address, so
 * the answer tells no accounts apart. A link opened anywhere else asks its holder first (409 magicLink.confirm): sent
 * by someone to another person, a link for the sender's own account would otherwise sign that person in to it, and
 * what they then typed or uploaded would be the sender's (login CSRF). The social sign-in's cookie works the same way
 * (backend/auth/socialRoutes.ts).
 */
import type { Request, Response } from 'express';
import { MAGIC_LINK_TTL_MINUTES } from './magicLink';
import { cookieSafety } from './session';
import { hmac, sameHash } from './tokens';

const LINK_COOKIE = 'tb_magic_link';
const LINK_PATH = '/api/v1/auth';
const TTL_MS = MAGIC_LINK_TTL_MINUTES * 60_000;

const bindingOf = (req: Request, email: string, expiresAtMs: number) =>
  hmac(req.ctx.config.secret, `magic-link:${email.trim().toLowerCase()}:${expiresAtMs}`);

/** Binds the asking browser to `email` for as long as the link it asked for lives; the last address asked for wins. */
export function bindLinkToBrowser(req: Request, res: Response, email: string): void {
  const expiresAtMs = Date.now() + TTL_MS;
  res.cookie(LINK_COOKIE, `${expiresAtMs}.${bindingOf(req, email, expiresAtMs)}`, {
    ...cookieSafety(req),
    maxAge: TTL_MS,
    path: LINK_PATH,
  });
}

/** Whether this browser asked for a link to `email` and its binding has not expired. */
export function browserAskedFor(req: Request, email: string): boolean {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[LINK_COOKIE];
  const parts = typeof value === 'string' ? /^(\d{1,15})\.([0-9a-f]{64})$/.exec(value) : null;
  if (!parts) return false;
  const expiresAtMs = Number(parts[1]);
  return expiresAtMs > Date.now() && sameHash(parts[2], bindingOf(req, email, expiresAtMs));
}

/** Forgets the binding once its link has signed the browser in. */
export function clearLinkBinding(res: Response): void {
  res.clearCookie(LINK_COOKIE, { path: LINK_PATH });
}
