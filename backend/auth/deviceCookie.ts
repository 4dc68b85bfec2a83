/**
 * The device cookie (OWASP's "device cookie" defence against lockout; why and how it is counted: rateLimit.ts).
 * Every successful sign-in leaves the browser an HttpOnly, SameSite=Lax cookie (Secure in production) naming the
 * account it signed in to and when: `<session kind>.<account id>.<issuedAtMs>.<hmac>`, the HMAC (the app secret,
 * as for code hashes) also covering the lowercased address the account had, which the cookie never shows. Each such
 * entry is valid for DEVICE_COOKIE_DAYS, and only for that address; the cookie is only sent to the auth routes.
 *
 * One browser may sign in to several accounts (a recruiter's company account and their admin one): the cookie holds
 * the entries of the DEVICE_COOKIE_ACCOUNTS accounts signed in to most recently, newest first, joined by `~`
 * (under 500 characters). A sign-in replaces its account's earlier entry and drops expired ones and, past
 * the bound, the oldest. The entries kept are only checked for their shape when rewritten: each still proves
 * nothing but for the address its own HMAC was made for. Logging out leaves the cookie: it only proves that this
 * browser signed in to those accounts once, and lets it ask for codes in buckets of its own; it signs nobody in.
 */
import type { Request, Response } from 'express';
import { SESSION_KIND, type Account } from './accounts';
import { cookieSafety } from './session';
import { hmac, sameHash } from './tokens';

const DEVICE_COOKIE = 'tb_device';
const DEVICE_PATH = '/api/v1/auth';
export const DEVICE_COOKIE_DAYS = 365;
/** How many accounts' entries one browser's cookie keeps (the most recent sign-ins). */
export const DEVICE_COOKIE_ACCOUNTS = 5;
const TTL_MS = DEVICE_COOKIE_DAYS * 24 * 3600_000;
const SEPARATOR = '~';
/** One entry: `<kind>.<id>.<issuedAtMs>` (the device) and its HMAC. */
const ENTRY = /^((\d{1,2}\.\d{1,15})\.(\d{1,15}))\.([0-9a-f]{64})$/;

interface Entry {
  device: string;
  account: string;
  issuedAt: number;
  mac: string;
}

const macOf = (req: Request, device: string, email: string) =>
  hmac(req.ctx.config.secret, `device:${device}:${email.trim().toLowerCase()}`);

/**
 * The well-formed, unexpired entries of this browser's cookie, as written (newest first), at most
 * DEVICE_COOKIE_ACCOUNTS of them: anything longer or malformed is read no further.
 */
function entriesOf(req: Request): Entry[] {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[DEVICE_COOKIE];
  if (typeof value !== 'string' || value.length > DEVICE_COOKIE_ACCOUNTS * 100) return [];
  const entries: Entry[] = [];
  for (const part of value.split(SEPARATOR).slice(0, DEVICE_COOKIE_ACCOUNTS)) {
    const m = ENTRY.exec(part);
    // The HMAC covers the issued time: only our own clock wrote it, so only its age is checked.
    if (m && Date.now() - Number(m[3]) <= TTL_MS)
      entries.push({ device: m[1], account: m[2], issuedAt: Number(m[3]), mac: m[4] });
  }
  return entries;
}

/**
 * Gives the browser that has just signed in to `account` its entry in the device cookie, first, in place of that
 * account's earlier one; the other accounts' entries stay, up to DEVICE_COOKIE_ACCOUNTS in all (the oldest dropped).
 */
export function setDeviceCookie(req: Request, res: Response, account: Account): void {
  const device = `${SESSION_KIND[account.kind]}.${account.id}.${Date.now()}`;
  const kept = entriesOf(req)
    .filter((e) => e.account !== `${SESSION_KIND[account.kind]}.${account.id}`)
    .sort((a, b) => b.issuedAt - a.issuedAt)
    .slice(0, DEVICE_COOKIE_ACCOUNTS - 1)
    .map((e) => `${e.device}.${e.mac}`);
  res.cookie(DEVICE_COOKIE, [`${device}.${macOf(req, device, account.email)}`, ...kept].join(SEPARATOR), {
    ...cookieSafety(req),
    maxAge: TTL_MS,
    path: DEVICE_PATH,
  });
}

/**
 * The device (`<kind>.<id>.<issuedAtMs>`) of the newest entry of this browser's cookie that we issued at a sign-in to
 * `email`'s account and that is not expired; otherwise undefined. Reads nothing from the database and computes the
 * HMAC of every entry, so it takes the same time whether or not the address has an account.
 */
export function deviceFor(req: Request, email: string): string | undefined {
  let found: string | undefined;
  for (const entry of entriesOf(req))
    if (sameHash(entry.mac, macOf(req, entry.device, email)) && found === undefined) found = entry.device;
  return found;
}
