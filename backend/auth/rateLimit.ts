/**
 * Rate limits on sending codes and links, per email and per IP, counted in PostgreSQL so they
 * hold across processes. A sliding window: each allowed request is one row, and a request is
 * allowed while fewer than the limit's rows fall in the last window.
 *
 * Lockout, and the device cookie. A limit per address is also a way to lock its owner out: sign-in is
 * passwordless, so whoever asks for RATE_LIMIT_PER_EMAIL codes for someone's address every window, from rotating
 * IPs, would keep that person from ever being sent one (and checks of codes likewise). Following OWASP's "device
 * cookie" pattern, a browser that has signed in to an account before carries a signed cookie saying so
 * (deviceCookie.ts: the account, the time, and an HMAC with the app secret over them and the account's address; one
 * entry for each of the last DEVICE_COOKIE_ACCOUNTS accounts the browser signed in to, so a person using several
 * accounts on one machine keeps each one's). A sign-in code or link asked for (limitSignInSends: the sign-in form,
 * the magic link and the password calls alike), or a code checked (limitCodeChecks), with a valid device cookie
 * entry for the same address counts in that device's own bucket (`device-send:`, `device-check:`; as many as the
 * address's), not in the address's shared one: strangers filling the shared bucket do not lock out the owner's own
 * browser, and the owner's tries do not use up the shared bucket either. The device bucket is limited like the
 * shared one, so the owner's browser cannot send more than the address's limit per window, and nobody without the
 * cookie can use it: a cookie cannot be made or altered without the secret, and an entry of another account (or
 * another address) is not valid for this one. The per-IP limits hold for everyone, cookie or not.
 *
 * Nothing tells accounts apart: the cookie is checked by computing the HMAC of each of its entries for the address
 * asked for, with no database read, so a request takes the same path whether or not the address has an account; a
 * browser without a valid entry is counted exactly as before, unknown addresses included. Only a browser that signed
 * in to the address's account can hold a valid entry for it, and it knows the account exists. The tries of a code are
 * counted the same way (otp.ts): a stranger's five wrong guesses lock the live code for browsers without the
 * cookie only.
 *
 * Sign-ups (a company's step 1 and its resent code, a community sign-up's link: signupSendLimits). Whoever signs up
 * has no account yet, so no device cookie, and nothing the server knows before the address is proven sets its owner
 * apart from a stranger but where they ask from. A shared per-address bucket would let a stranger from rotating IPs
 * keep a person from ever signing up; so, as OWASP advises against lockouts a stranger can cause, a sign-up counts
 * per address and per asking network (`signup:<network>|<address>`, the network as the per-IP limit reads it: an
 * IPv4 address, an IPv6 /64) and per IP, and never in the address's sign-in bucket (`email:`). A stranger can then
 * only use up the owner's bucket from the owner's own network. An address is still sent no more than
 * SIGNUP_NETWORKS times RATE_LIMIT_PER_EMAIL sign-up emails per window in all (`signup:<address>`), so rotating IPs
 * cannot turn sign-up into a way to flood someone's inbox: filling that ceiling takes a stranger as many networks
 * again, and holds back sign-up only, never the address's sign-in.
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

/**
 * Counts one request against every limit, or throws 429 errors.tooManyRequests and counts nothing. `refuse`, when
 * given, runs once the limits are known not to be reached and before the request is counted, under the same locks: what
 * it throws is thrown and counts nothing (a file refused on sight costs none of its sender's reads, and one past
 * the limit is refused as such before it is looked at).
 */
export async function enforceRateLimits(
  knex: Knex,
  windowMinutes: number,
  limits: Limit[],
  refuse?: () => void,
): Promise<void> {
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
    refuse?.();
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

/** How many networks' worth of sign-up emails one address may be sent per window (docblock above: sign-ups). */
export const SIGNUP_NETWORKS = 3;

/**
 * The limits of one sign-up email to `email` asked from `ip` (a company sign-up's code, a community sign-up's link):
 * per address and asking network, per address in all, and per IP (docblock above: sign-ups).
 */
export function signupSendLimits(config: Config, email: string, ip: string | undefined): Limit[] {
  const network = ipKey(ip);
  const address = email.toLowerCase();
  const limits: Limit[] = [
    { key: `signup:${network}|${address}`, max: config.rateLimit.perEmail },
    { key: `signup:${address}`, max: config.rateLimit.perEmail * SIGNUP_NETWORKS },
  ];
  if (ip) limits.push({ key: `ip:${network}`, max: config.rateLimit.perIp });
  return limits;
}

/** The key of the checks of sign-in codes for one address (verifyLoginCode reads it too). */
export const codeCheckKey = (email: string) => `code-check:${email.toLowerCase()}`;

/**
 * Checks of emailed sign-in codes: per address, twice the codes it may be sent (each code allows five tries), and per
 * IP as many as it may ask for codes, so guesses spread over many codes or many addresses are bounded too. A browser
 * with a device cookie for the address (`device`, deviceCookie.ts) has its own per-address bucket instead.
 */
export async function limitCodeChecks(
  knex: Knex,
  config: Config,
  email: string,
  ip: string | undefined,
  device?: string,
): Promise<void> {
  const key = device ? `device-check:${device}` : codeCheckKey(email);
  const limits: Limit[] = [{ key, max: 2 * config.rateLimit.perEmail }];
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

/**
 * Counts one sign-in code or link asked for `email` from `ip`, or throws 429: in the address's shared bucket, or,
 * from a browser with a device cookie for the address (`device`, deviceCookie.ts), in that device's own.
 */
export async function limitSignInSends(
  knex: Knex,
  config: Config,
  email: string,
  ip: string | undefined,
  device?: string,
): Promise<void> {
  await enforceRateLimits(knex, config.rateLimit.windowMinutes, signInSendLimits(config, email, ip, device));
}

/** The limits of one sign-in code or link asked for (limitSignInSends), for a route that declares its limits. */
export function signInSendLimits(config: Config, email: string, ip: string | undefined, device?: string): Limit[] {
  const shared = emailSendKey(email);
  return emailSendLimits(config, email, ip).map((limit) =>
    device && limit.key === shared ? { ...limit, key: `device-send:${device}` } : limit,
  );
}
