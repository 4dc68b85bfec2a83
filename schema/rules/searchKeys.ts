/**
 * The search page's admin-only filters (spec section 2: name, company name, owner and candidate status), by the key
 * a search address carries and the candidate field each filters by. Whether a caller may use one is the candidate's
 * declared `search` permission on that field (schema/entities/candidate.ts: companies search every field but these),
 * handed in as `maySearch`, so the backend asks the one ability and these rules stay pure.
 */
export const ADMIN_SEARCH_KEYS = {
  ns: 'name',
  cn: 'latestCompanyName',
  ad: 'ownerId',
  cs: 'candidateStatus',
} as const;

export type AdminSearchKey = keyof typeof ADMIN_SEARCH_KEYS;

/** The admin-only keys whose field `maySearch` refuses. */
export function refusedSearchKeys(maySearch: (field: string) => boolean): Set<string> {
  return new Set(Object.entries(ADMIN_SEARCH_KEYS).flatMap(([key, field]) => (maySearch(field) ? [] : [key])));
}

/**
 * A saved search address (`/search?jt=1&ns=Ava`, `?jt=1` or `jt=1`) without the admin-only keys `maySearch` refuses,
 * each other part kept as written: what a project's saved filters are to a company (its suggested tab ignores the
 * rest, and its project answer must not show them). Null and empty stay as they are.
 */
export function searchUrlFor<T extends string | null | undefined>(url: T, maySearch: (field: string) => boolean): T {
  if (!url) return url;
  const refused = refusedSearchKeys(maySearch);
  if (!refused.size) return url;
  const at = url.indexOf('?');
  const head = at < 0 ? '' : url.slice(0, at + 1);
  const parts = (at < 0 ? url : url.slice(at + 1)).split('&');
  const kept = parts.filter((part) => !refused.has(keyOf(part)));
  return (kept.length === parts.length ? url : `${head}${kept.join('&')}`) as T;
}

/** The decoded key of one `key=value` part of a query string (`+` is a space, as URLSearchParams reads it). */
function keyOf(part: string): string {
  const raw = part.split('=', 1)[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
