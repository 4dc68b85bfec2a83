/**
 * Rate limits on sending codes and links, per email and per IP, counted in PostgreSQL so they
 * hold across processes. A sliding window: each allowed request is one row, and a request is
 * allowed while fewer than the limit's rows fall in the last window.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { Knex } from 'knex';
import type { Config } from '../config';
import { AppError } from '../errors';

export interface Limit {
  key: string;
  max: number;
  /** The limit's own window, when not the call's (e.g. invitations per hour). */
  windowMinutes?: number;
}

/** Rows older than this are deleted whatever their key (windows are minutes long). */
const KEEP_MS = 24 * 3600_000;

/** Counts one request against every limit, or throws 429 errors.tooManyRequests and counts nothing. */
export async function enforceRateLimits(knex: Knex, windowMinutes: number, limits: Limit[]): Promise<void> {
  const since = (limit: Limit) => new Date(Date.now() - (limit.windowMinutes ?? windowMinutes) * 60_000);
  const longest = Math.max(windowMinutes, ...limits.map((l) => l.windowMinutes ?? 0));
  await knex.transaction(async (trx) => {
    // One lock per key (in a fixed order, so two requests never deadlock) makes count-then-insert exact across processes.
    for (const key of limits.map((l) => l.key).sort())
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`rate:${key}`]);
    for (const limit of limits) {
      const [{ n }] = await trx('rate_limit_hits')
        .where('key', limit.key)
        .where('hit_at', '>', since(limit))
        .count({ n: '*' });
      // A refused request is not counted, so waiting out the window always helps.
      if (Number(n) >= limit.max) throw new AppError(429, 'errors.tooManyRequests');
    }
    await trx('rate_limit_hits').insert(limits.map((l) => ({ key: l.key })));
    await trx('rate_limit_hits')
      .where('hit_at', '<', new Date(Date.now() - Math.max(KEEP_MS, longest * 60_000)))
      .delete();
  });
}

/**
 * The part of a client's address that a per-IP limit counts: an IPv4 address (also written as IPv4-mapped
 * IPv6, ::ffff:a.b.c.d) whole, an IPv6 address by its /64, the block one client is given and may rotate within.
 * Anything else (no address, or not one) is counted as written.
 */
export function ipKey(ip: string | undefined): string {
  if (!ip) return '';
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(bare) || !isIPv6(bare)) return ip;
  const [head, tail = ''] = bare.toLowerCase().split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // An embedded IPv4 tail (::1.2.3.4) fills the last two groups, never the first four.
  const fill = 8 - groups(head).length - groups(tail).length - (tail.includes('.') ? 1 : 0);
  const full = bare.includes('::')
    ? [...groups(head), ...Array<string>(fill).fill('0'), ...groups(tail)]
    : groups(head);
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The key of the codes and links emailed to one address (verifyLoginCode reads it too). */
export const emailSendKey = (email: string) => `email:${email.toLowerCase()}`;

/** The limits on anything that emails a code or link to `email`, asked from `ip` (a declared endpoint's `limits`). */
export function emailSendLimits(config: Config, email: string, ip: string | undefined, person?: string): Limit[] {
  const limits: Limit[] = [{ key: emailSendKey(email), max: config.rateLimit.perEmail }];
  if (ip) limits.push({ key: `ip:${ipKey(ip)}`, max: config.rateLimit.perIp });
  if (person) limits.push({ key: person, max: config.rateLimit.perEmail });
  return limits;
}

/** The key of the checks of sign-in codes for one address (verifyLoginCode reads it too). */
export const codeCheckKey = (email: string) => `code-check:${email.toLowerCase()}`;

/**
 * Checks of emailed sign-in codes: per address, twice the codes it may be sent (each code allows five tries), and per
 * IP as many as it may ask for codes, so guesses spread over many codes or many addresses are bounded too.
 */
export async function limitCodeChecks(
  knex: Knex,
  config: Config,
  email: string,
  ip: string | undefined,
): Promise<void> {
  const limits: Limit[] = [{ key: codeCheckKey(email), max: 2 * config.rateLimit.perEmail }];
  if (ip) limits.push({ key: `code-check-ip:${ipKey(ip)}`, max: config.rateLimit.perIp });
  await enforceRateLimits(knex, config.rateLimit.windowMinutes, limits);
}

/** Counts one email sent to `email` from `ip` (and by `person`, a signed-in sender), or throws 429. */
export async function limitEmailSends(
  knex: Knex,
  config: Config,
  email: string,
  ip: string | undefined,
  person?: string,
): Promise<void> {
  await enforceRateLimits(knex, config.rateLimit.windowMinutes, emailSendLimits(config, email, ip, person));
}
