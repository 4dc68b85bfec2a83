/**
 * Time zones by their IANA names, read with Intl alone (no time-zone library): whether a name is
 * known, how far it is ahead of UTC at a moment, a local wall-clock time as the instant it names,
 * and the label a picker shows ("Asia/Singapore · Singapore (GMT+8)") so a zone is found by its
 * city, its region or its offset. Side-free: the API, the emails and the portal read zones alike.
 * A zone is named by its current IANA name ('Asia/Kolkata'), never the legacy one a browser may report
 * ('Asia/Calcutta'): the one declared map of those is zoneAliases.ts.
 */
import { currentZoneName } from './zoneAliases';

let listed: string[] | undefined;

/** Every zone the runtime knows by its current name ('Asia/Kolkata', not the 'Asia/Calcutta' ICU lists), UTC included. */
export function timeZones(): string[] {
  if (listed) return [...listed];
  try {
    const zones = [...new Set(Intl.supportedValuesOf('timeZone').map(currentName))].sort();
    listed = zones.includes('UTC') ? zones : ['UTC', ...zones];
    return [...listed];
  } catch {
    return ['UTC'];
  }
}

/** The zone when the runtime knows it, by either spelling ('Asia/Calcutta' and 'Asia/Kolkata'), else undefined. */
export function validZone(zone: string | undefined | null): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

let pickerNames: Map<string, string> | undefined;

/** A known zone's current name: a legacy one's (zoneAliases.ts) when the runtime knows that, else the zone as given. */
function currentName(zone: string): string {
  const current = currentZoneName(zone);
  return current && validZone(current) ? current : zone;
}

/**
 * A known zone by its current name as the picker lists it (timeZones), whatever its typed case or legacy spelling
 * ("asia/singapore" → "Asia/Singapore", "Asia/Calcutta" → "Asia/Kolkata"), else the runtime's own spelling of it;
 * undefined when unknown. What a write stores and a comparison reads, so emails and pages show the zone as the picker
 * names it (validZone keeps the name as given).
 */
export function canonicalZone(zone: string | undefined | null): string | undefined {
  if (!zone || !validZone(zone)) return undefined;
  pickerNames ??= new Map(timeZones().map((z) => [z.toLowerCase(), z]));
  const named = currentName(zone);
  return (
    pickerNames.get(named.toLowerCase()) ??
    currentName(new Intl.DateTimeFormat('en-US', { timeZone: named }).resolvedOptions().timeZone)
  );
}

/** How a zone is shown: its current name ('Asia/Calcutta' as 'Asia/Kolkata'), a cheap look-up with no date format. */
export const shownZone = (zone: string): string => currentZoneName(zone) ?? zone;

let reader: string | undefined;

/**
 * The zone of the runtime's own clock (a browser's: the reader's) by its current name (Chromium in India reports
 * 'Asia/Calcutta': 'Asia/Kolkata'), UTC when it names none the runtime knows; read once.
 */
export function readerZone(): string {
  return (reader ??= canonicalZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC');
}

/** Minutes `timeZone` is ahead of UTC at `date`. */
export function zoneOffsetMinutes(timeZone: string, date: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((asUtc - Math.floor(date.getTime() / 60000) * 60000) / 60000);
}

/** A wall-clock time typed in a form: "2026-12-01T10:00". */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a local date-time names in `zone`, or undefined when it is not a real date and time: a day that does not
 * exist, or a time the clocks skip when they go forward (02:30 on 14 Mar 2027 in New York), which no instant reads as.
 * A time the clocks show twice as they go back (01:30 on 7 Nov 2027 in New York) is its first occurrence (GMT-4), as
 * iCalendar (RFC 5545, 3.3.5) and the calendars reading the invitation take it, in every zone alike.
 */
export function localToInstant(local: string, zone: string): Date | undefined {
  const [first] = localInstants(local, zone);
  return first;
}

/**
 * Every instant a local date-time names in `zone`, earliest first: one for most times, none for a time the clocks skip
 * or no real date, two for a time the clocks show twice as they go back (the first is the one localToInstant books).
 */
export function localInstants(local: string, zone: string): Date[] {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return [];
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  const day = new Date(naive);
  if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || h > 23 || mi > 59) return [];
  // Each offset the zone has around that time (a day before and after, and at the naive instant) names a candidate;
  // those read back on the zone's clock as the time asked are its instants (none for a skipped time).
  const offsets = new Set([-86_400_000, 0, 86_400_000].map((ms) => zoneOffsetMinutes(zone, new Date(naive + ms))));
  const instants = [...offsets]
    .map((offset) => naive - offset * 60000)
    .filter((ms) => ms + zoneOffsetMinutes(zone, new Date(ms)) * 60000 === naive);
  return instants.sort((a, b) => a - b).map((ms) => new Date(ms));
}

/** "GMT+8", "GMT-3:30", "GMT" for the offset of `zone` at `date`. */
export function gmtOffset(zone: string, date = new Date()): string {
  const minutes = zoneOffsetMinutes(zone, date);
  if (!minutes) return 'GMT';
  const sign = minutes > 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `GMT${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}

/** What a picker shows for a zone: its IANA name, its city and its offset now. */
export function zoneLabel(zone: string, date = new Date()): string {
  return labelWith(zone, gmtOffset(zone, date));
}

const labelWith = (given: string, offset: string) => {
  const zone = shownZone(given);
  return `${zone} · ${zone.split('/').pop()?.replace(/_/g, ' ') ?? zone} (${offset})`;
};

function matchesWith(zone: string, offset: string, typed: string): boolean {
  const label = labelWith(zone, offset).toLowerCase().replace(/_/g, ' ');
  const gmt = offset.toLowerCase();
  return typed
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => (/^(gmt|utc)[+-]/.test(word) ? gmt === word.replace(/^utc/, 'gmt') : label.includes(word)));
}

/** True when a zone's label holds every word of what was typed ("singapore", "new york"); "GMT+8" or "UTC+8" names the offset exactly. */
export function zoneMatches(zone: string, typed: string, date = new Date()): boolean {
  return matchesWith(zone, gmtOffset(zone, date), typed);
}

/**
 * zoneLabel and zoneMatches for a picker of many zones, each zone's offset at `date` read once and kept. Reading an
 * offset builds a date format of its zone: all 418 of them take about 200 ms in a browser, so a picker labels the
 * zones it shows when it shows them, and a search typed into it reads none again.
 */
export function zoneLabeller(date = new Date()): {
  label(zone: string): string;
  matches(zone: string, typed: string): boolean;
} {
  const offsets = new Map<string, string>();
  const offsetOf = (zone: string) => {
    let offset = offsets.get(zone);
    if (offset === undefined) offsets.set(zone, (offset = gmtOffset(zone, date)));
    return offset;
  };
  return {
    label: (zone) => labelWith(zone, offsetOf(zone)),
    matches: (zone, typed) => matchesWith(zone, offsetOf(zone), typed),
  };
}
