/**
 * The one HTTP path to ATS vendors: JSON in and out with the platform's fetch, a time limit per
 * call, waits on 429 for as long as Retry-After asks, or else until the rate limit's reset time, up
 * to a ceiling. The limit's headers come in two spellings: Workable's `X-Rate-Limit-*` (its reset the
 * epoch seconds of its next 10-second interval; no Retry-After) and Greenhouse's `X-RateLimit-*`
 * (Limit, Remaining, Reset; a 429 adds Retry-After); both are read. An answer saying Remaining is 0
 * paces the next calls to that origin (one Workable account, one Greenhouse API) until its reset, so
 * a run or a screen of look-ups keeps within the limit instead of running into 429s (in this
 * process; another process learns it from its own first 429). A wait longer than the ceiling, and a
 * 429 still answered once the retries are spent, end the call as 'rateLimited' carrying when the
 * vendor may be called again (`retryAt`: its Retry-After or reset, else a minute), so the caller
 * stops calling it until then (features/integrations/vendorWait.ts). A few
 * retries with backoff on 5xx and network faults, and each refusal turned into an AtsError: 401/403
 * 'auth' (a 403 keeps the vendor's reason and its status: a permission the credentials lack, which
 * the sync reports as such), other 4xx 'rejected' with the vendor's message, 5xx 'unavailable'.
 * The vendor's reason is read from any of the bodies vendors refuse with (vendorMessage, Ashby's `errorInfo`
 * among them). Request headers (credentials) are never part of an error. A create (`once`) is not sent again
 * after a 5xx or a network fault (a time-out, a dropped connection, a body cut off), since the vendor may have
 * kept it: it ends as AtsLostAnswer, an outcome unknown, which the adapter settles by looking the record up
 * before anything is created again (lost.ts).
 */
import { AtsError, AtsLostAnswer } from './types';

export interface HttpLimits {
  /** Longest Retry-After the product waits for inside a run; longer ones end the call as 'rateLimited'. */
  maxRetryWaitMs: number;
  /** Retries after a 429, a 5xx or a network fault. */
  retries: number;
  timeoutMs: number;
}

export const DEFAULT_LIMITS: HttpLimits = { maxRetryWaitMs: 30_000, retries: 3, timeoutMs: 20_000 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retry-After in seconds or as an HTTP date; absent or unreadable: one second. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

/** A rate-limit header in either spelling: Workable's `X-Rate-Limit-<name>`, Greenhouse's `X-RateLimit-<name>`. */
const rateHeader = (headers: Headers, name: 'remaining' | 'reset') =>
  headers.get(`x-rate-limit-${name}`) ?? headers.get(`x-ratelimit-${name}`);

/**
 * When the rate limit's reset says the next interval starts, if it says: epoch seconds (milliseconds
 * read as such), or a count of seconds from now where a vendor sends that instead.
 */
export function rateResetAt(headers: Headers, now = Date.now()): number | undefined {
  const raw = rateHeader(headers, 'reset')?.trim();
  if (!raw || !/^\d+(\.\d+)?$/.test(raw)) return undefined;
  const n = Number(raw);
  if (n > 1e12) return n;
  return n > 1e9 ? n * 1000 : now + n * 1000;
}

/** How long a 429 asks to wait: its Retry-After, else until its rate limit's reset (at least a second); unsaid: undefined. */
function waitOf429(headers: Headers, now = Date.now()): number | undefined {
  if (headers.get('retry-after')) return retryAfterMs(headers.get('retry-after'), now);
  const reset = rateResetAt(headers, now);
  return reset === undefined ? undefined : Math.max(1000, reset - now);
}

/** How long the product stays away from a vendor that kept answering 429 and said not for how long. */
const UNSAID_WAIT_MS = 60_000;

/** Per origin (a Workable account is its own subdomain): no call before this time, learnt from a Remaining of 0. */
const pacedUntil = new Map<string, number>();

function learnPace(url: string, headers: Headers): void {
  const remaining = rateHeader(headers, 'remaining');
  const reset = rateResetAt(headers);
  if (remaining === null || Number(remaining) > 0 || reset === undefined) return;
  const origin = new URL(url).origin;
  pacedUntil.set(origin, Math.max(pacedUntil.get(origin) ?? 0, reset));
}

/** Waits for the origin's pace; a wait longer than a run waits ends the call as 'rateLimited' with `retryAt`. */
async function pace(url: string, limits: HttpLimits): Promise<void> {
  const origin = new URL(url).origin;
  const until = pacedUntil.get(origin);
  if (until === undefined) return;
  const wait = until - Date.now();
  if (wait <= 0) {
    pacedUntil.delete(origin);
    return;
  }
  if (wait > limits.maxRetryWaitMs) throw new AtsError('rateLimited', 'the ATS asked to wait', 429, new Date(until));
  await sleep(wait);
}

/**
 * The vendor's reason in a refusal's body: Ashby's `errorInfo` (its code and message, both kept: the code is
 * what tells a missing permission or a record not found), else `errors`, `error`, `message` or `error_description`.
 */
export function vendorMessage(body: unknown, status: number): string {
  const b = body as Record<string, unknown> | null;
  const info = b && typeof b === 'object' ? (b.errorInfo as Record<string, unknown> | undefined) : undefined;
  const said = [info?.code, info?.message].filter((v): v is string => typeof v === 'string' && v !== '');
  if (said.length) return said.join(': ').slice(0, 200);
  const pick = (v: unknown): string | undefined => {
    if (typeof v === 'string') return v;
    if (Array.isArray(v)) return pick(v[0]);
    if (v && typeof v === 'object')
      return pick((v as Record<string, unknown>).message ?? (v as Record<string, unknown>).error);
    return undefined;
  };
  return (
    pick(b?.errors) ??
    pick(b?.error) ??
    pick(b?.message) ??
    pick(b?.error_description) ??
    `HTTP ${status}`
  ).slice(0, 200);
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 200);
  }
}

/** How one call may be repeated: `once` (a create) is never sent again after a 5xx or a network fault; a 429 is still waited out. */
export interface CallOptions {
  once?: boolean;
}

export async function requestJson<T>(
  url: string,
  init: RequestInit,
  limits: HttpLimits = DEFAULT_LIMITS,
  options: CallOptions = {},
): Promise<T> {
  return (await request<T>(url, init, limits, options)).body;
}

/**
 * A paging link the vendor answered (Workable's `paging.next`, a `Link` header), checked before it
 * is followed: the request carries the account's credentials, so an absolute link is followed only
 * on the origin the product is configured to reach the vendor at (`base`); a path stays under it.
 * Any other link ends the listing with an AtsError, before a request leaves for the other host.
 */
export function pageLink(link: string, base: string): string {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(link)) {
    if (link.startsWith('/') && !link.startsWith('//')) return link;
    throw new AtsError('rejected', 'the ATS answered a paging link the product does not follow');
  }
  if (!URL.canParse(link) || new URL(link).origin !== new URL(base).origin)
    throw new AtsError('rejected', 'the ATS answered a paging link to another host than its own; the sync stopped');
  return link;
}

/** The next page's URL of an RFC 8288 `Link` header (cursor pagination), if any. */
export function nextLink(headers: Headers): string | undefined {
  return /<([^>]+)>\s*;\s*rel="?next"?/.exec(headers.get('link') ?? '')?.[1];
}

export async function request<T>(
  url: string,
  init: RequestInit,
  limits: HttpLimits = DEFAULT_LIMITS,
  options: CallOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const retries = options.once ? 0 : limits.retries;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    await pace(url, limits);
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(limits.timeoutMs) });
    } catch {
      if (options.once) throw new AtsLostAnswer('the ATS did not answer the create');
      if (attempt >= retries) throw new AtsError('unavailable', 'the ATS could not be reached');
      await sleep(250 * 2 ** attempt);
      continue;
    }
    learnPace(url, res.headers);
    if (res.ok) {
      try {
        return { body: (await readBody(res)) as T, headers: res.headers };
      } catch {
        // The answer was cut off (timed out, dropped) after its status: a create's outcome is unknown.
        if (options.once) throw new AtsLostAnswer('the ATS did not answer the create');
        throw new AtsError('unavailable', 'the ATS answer was cut off');
      }
    }
    const body = await readBody(res);
    if (res.status === 429) {
      const wait = waitOf429(res.headers);
      // Longer than a run waits: the caller stops calling this vendor until then (features/integrations/vendorWait.ts).
      if (wait !== undefined && wait > limits.maxRetryWaitMs)
        throw new AtsError('rateLimited', 'the ATS asked to wait', 429, new Date(Date.now() + wait));
      // Still limited after the retries: no more calls until the vendor's time (or a minute), not one more record now.
      if (attempt >= limits.retries)
        throw new AtsError(
          'rateLimited',
          'the ATS rate limit was reached',
          429,
          new Date(Date.now() + Math.max(1000, wait ?? UNSAID_WAIT_MS)),
        );
      await sleep(wait ?? 1000);
      continue;
    }
    if (res.status >= 500) {
      const said = `the ATS answered ${res.status}: ${vendorMessage(body, res.status)}`;
      if (options.once) throw new AtsLostAnswer(said, res.status, said);
      if (attempt >= retries) throw new AtsError('unavailable', said, res.status);
      await sleep(250 * 2 ** attempt);
      continue;
    }
    if (res.status === 401 || res.status === 403)
      throw new AtsError('auth', vendorMessage(body, res.status), res.status);
    throw new AtsError('rejected', vendorMessage(body, res.status), res.status);
  }
}
