/**
 * A job-description link's own timestamp is read against the device's clock only where no plausible skew could
 * change the answer; otherwise the page asks the server, whose answer (410 expired) decides.
 */
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS, JD_LINK_VALID_MS, jdLinkState } from './jdLink';

const sent = Date.UTC(2026, 11, 5, 9, 0, 0);
const minute = 60_000;
const hour = 60 * minute;

describe('A job-description link on a device whose clock is off', () => {
  it('a fresh link is asked of the server on a phone slow by a minute, hours or days', () => {
    for (const slow of [minute + 1000, 5 * minute, hour, 11 * hour, 3 * 24 * hour]) {
      expect(jdLinkState(String(sent), sent - slow)).toBe('valid');
      expect(jdLinkState(String(Math.floor(sent / 1000)), sent - slow)).toBe('valid');
    }
  });

  it('a link near the end of its 3 days is asked of the server on a fast clock, which decides', () => {
    expect(jdLinkState(String(sent), sent + JD_LINK_VALID_MS - hour + 2 * hour)).toBe('valid');
    expect(jdLinkState(String(sent), sent + JD_LINK_VALID_MS + CLOCK_SKEW_MS - minute)).toBe('valid');
  });

  it('a link past its 3 days by more than any skew says so at once; a broken one is invalid', () => {
    expect(jdLinkState(String(sent), sent + JD_LINK_VALID_MS + CLOCK_SKEW_MS + minute)).toBe('expired');
    expect(jdLinkState(String(Math.floor(sent / 1000)), sent + 4 * 24 * hour)).toBe('expired');
    expect(jdLinkState('yesterday', sent)).toBe('invalid');
    expect(jdLinkState(undefined, sent)).toBe('invalid');
  });
});
