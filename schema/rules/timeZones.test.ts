import { describe, expect, it } from 'vitest';
import { canonicalZone, readerZone, timeZones, zoneLabel, zoneLabeller, zoneMatches } from './timeZones';

describe("A picker's zone labels", () => {
  const date = new Date('2026-07-01T12:00:00Z');

  it('labels and finds every zone as zoneLabel and zoneMatches do', () => {
    const labeller = zoneLabeller(date);
    const zones = timeZones();
    expect(zones.length).toBeGreaterThan(300);
    for (const zone of zones) expect(labeller.label(zone)).toBe(zoneLabel(zone, date));
    for (const typed of ['singapore', 'new york', 'GMT+8', 'utc-3:00', 'america los', 'gmt', ''])
      expect(zones.filter((zone) => labeller.matches(zone, typed))).toEqual(
        zones.filter((zone) => zoneMatches(zone, typed, date)),
      );
    expect(labeller.label('Asia/Singapore')).toBe('Asia/Singapore · Singapore (GMT+8)');
    expect(labeller.matches('America/New_York', 'new york gmt-4')).toBe(true);
    expect(labeller.matches('America/New_York', 'GMT-5')).toBe(false);
  });

  it("names the runtime's own zone by its current name, a zone the pickers know", () => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(readerZone()).toBe(canonicalZone(own) ?? 'UTC');
    expect(timeZones()).toContain(readerZone());
  });
});
