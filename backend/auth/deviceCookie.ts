/**
 * The device cookie (OWASP's "device cookie" defence against lockout; why and how it is counted: rateLimit.ts).
 * Every successful sign-in leaves the browser an HttpOnly, SameSite=Lax cookie (Secure in production) naming the
 * account it signed in to and when: `<session kind>.<account id>.<issuedAtMs>.<hmac>`, the HMAC (the app secret,
 * as for code hashes) also covering the lowercased address the account had, which the cookie never shows. It is
 * valid for DEVICE_COOKIE_DAYS, only for that address, and only sent to the auth routes. A browser keeps one: the
 * latest sign-in's. Logging out leaves it: it only proves that this browser signed in to the account once, and
 * lets it ask for codes in a bucket of its own; it signs nobody in.
 */
import type { Request, Response } from 'express';
import { SESSION_KIND, type Account } from './accounts';
import { cookieSafety } from './session';
import { hmac, sameHash } from './tokens';

const DEVICE_COOKIE = 'tb_device';
const DEVICE_PATH = '/api/v1/auth';
export const DEVICE_COOKIE_DAYS = 365;
const TTL_MS = DEVICE_COOKIE_DAYS * 24 * 3600_000;

const macOf = (req: Request, device: string, email: string) =>
  hmac(req.ctx.config.secret, `device:${device}:${email.trim().toLowerCase()}`);

/** Gives the browser that has just signed in to `account` its device cookie (replacing any earlier one). */
export function setDeviceCookie(req: Request, res: Response, account: Account): void {
  const device = `${SESSION_KIND[account.kind]}.${account.id}.${Date.now()}`;
  res.cookie(DEVICE_COOKIE, `${device}.${macOf(req, device, account.email)}`, {
    ...cookieSafety(req),
    maxAge: TTL_MS,
    path: DEVICE_PATH,
  });
}

/**
 * The device this browser's cookie names (`<kind>.<id>.<issuedAtMs>`), when the cookie is one we issued at a sign-in
 * to `email`'s account and is not expired; otherwise undefined. Reads nothing from the database, so it takes the same
 * time whether or not the address has an account.
 */
export function deviceFor(req: Request, email: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[DEVICE_COOKIE];
  const parts = typeof value === 'string' ? /^(\d{1,2}\.\d{1,15}\.(\d{1,15}))\.([0-9a-f]{64})$/.exec(value) : null;
  if (!parts) return undefined;
  // The HMAC covers the issued time: only our own clock wrote it, so only its age is checked.
  if (Date.now() - Number(parts[2]) > TTL_MS) return undefined;
  return sameHash(parts[3], macOf(req, parts[1], email)) ? parts[1] : undefined;
}
