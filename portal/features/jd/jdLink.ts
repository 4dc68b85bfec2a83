/** A shared job-description link is valid for 3 days from the timestamp in its path (seconds or milliseconds since 1970). */
export const JD_LINK_VALID_MS = 3 * 24 * 3600 * 1000;

export type JdLinkState = 'valid' | 'expired' | 'invalid';

export function jdLinkState(timestamp: string | undefined, now = Date.now()): JdLinkState {
  if (!timestamp || !/^\d{9,13}$/.test(timestamp)) return 'invalid';
  const raw = Number(timestamp);
  const ms = raw < 1e12 ? raw * 1000 : raw;
  if (ms > now + 60_000) return 'invalid';
  return now - ms > JD_LINK_VALID_MS ? 'expired' : 'valid';
}
