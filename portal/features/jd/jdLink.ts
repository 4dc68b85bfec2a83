/** A shared job-description link is valid for 3 days from the timestamp in its path (seconds or milliseconds since 1970). */
export const JD_LINK_VALID_MS = 3 * 24 * 3600 * 1000;

/**
 * How far the device's clock may be from the server's before its own reading is believed: a phone a minute slow,
 * or one whose zone was set by hand with its local time kept (its clock off by hours).
 */
export const CLOCK_SKEW_MS = 12 * 3600 * 1000;

/** 'valid': ask the server, whose answer decides (410 expired, 404 no such link). */
export type JdLinkState = 'valid' | 'expired' | 'invalid';

/**
 * What the link says before the server is asked. Not one we make: 'invalid'. Past its 3 days even on a clock half a
 * day fast: 'expired', said at once. Otherwise (a timestamp ahead of a slow clock included) the server's clock decides.
 */
export function jdLinkState(timestamp: string | undefined, now = Date.now()): JdLinkState {
  if (!timestamp || !/^\d{9,13}$/.test(timestamp)) return 'invalid';
  const raw = Number(timestamp);
  const ms = raw < 1e12 ? raw * 1000 : raw;
  return now - ms > JD_LINK_VALID_MS + CLOCK_SKEW_MS ? 'expired' : 'valid';
}
