import { describe, expect, it } from 'vitest';
import { canonicalZone, readerZone, timeZones, validZone, zoneLabel } from './timeZones';
import { ZONE_ALIASES } from './zoneAliases';
import { clockChangeAt, zoneNamed } from './zonedTime';

const legacy = Object.keys(ZONE_ALIASES);

describe('Legacy time-zone names (the IANA backward links)', () => {
  it('maps each legacy name to a zone the runtime knows, the same zone as the legacy one names', () => {
    for (const [old, current] of Object.entries(ZONE_ALIASES)) {
      expect(validZone(current), current).toBe(current);
      expect(legacy, current).not.toContain(current);
      // ICU resolves both spellings to one zone: the map renames, it never joins two places.
      const resolved = (zone: string) =>
        new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
      expect(resolved(old), old).toBe(resolved(current));
    }
  });

  it('stores and compares a zone by its current name, whichever spelling or case was given', () => {
    expect(canonicalZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalZone('asia/calcutta')).toBe('Asia/Kolkata');
    expect(canonicalZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalZone('America/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalZone('Asia/Ulan_Bator')).toBe('Asia/Ulaanbaatar');
    expect(canonicalZone('Pacific/Truk')).toBe('Pacific/Chuuk');
    expect(canonicalZone('Europe/Oslo')).toBe('Europe/Oslo');
    expect(canonicalZone('Asia/Calcutta ')).toBeUndefined();
    for (const old of legacy) expect(canonicalZone(old), old).toBe(ZONE_ALIASES[old]);
  });

  it('accepts both spellings and lists only the current one', () => {
    expect(validZone('Asia/Calcutta')).toBe('Asia/Calcutta');
    expect(validZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    const zones = timeZones();
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).toContain('Europe/Kyiv');
    for (const old of legacy) expect(zones, old).not.toContain(old);
    // Every listed zone is already by its current name.
    for (const zone of zones) expect(canonicalZone(zone), zone).toBe(zone);
    expect(zones).toContain(readerZone());
  });

  it('shows a zone kept by its legacy name by its current city', () => {
    const at = new Date('2027-03-14T05:00:00Z');
    expect(zoneNamed('Asia/Calcutta', at)).toBe('(Kolkata, GMT+5:30)');
    expect(zoneLabel('Asia/Calcutta', at)).toBe('Asia/Kolkata · Kolkata (GMT+5:30)');
    expect(zoneNamed('Asia/Saigon', at)).toBe('(Ho Chi Minh, GMT+7)');
  });
});

describe('A wall-clock time at a clock change', () => {
  it('names both occurrences of a repeated time and says when one is skipped', () => {
    expect(clockChangeAt('2027-11-07T01:30', 'America/New_York')).toEqual({
      kind: 'twice',
      first: 'EDT, GMT-4',
      second: 'EST, GMT-5',
    });
    expect(clockChangeAt('2027-03-14T02:30', 'America/New_York')).toEqual({ kind: 'skipped' });
    expect(clockChangeAt('2027-11-07T03:30', 'America/New_York')).toBeUndefined();
    expect(clockChangeAt('2027-02-30T01:30', 'America/New_York')).toBeUndefined();
    expect(clockChangeAt('2027-10-31T02:30', 'Europe/Berlin')).toEqual({
      kind: 'twice',
      first: 'GMT+2',
      second: 'GMT+1',
    });
  });
});
