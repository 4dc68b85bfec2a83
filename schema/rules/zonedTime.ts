/**
 * An instant as the screens write it with its zone named: '14 Mar 2027, 10:30 am (Kolkata, GMT+5:30)'. The offset is
 * the zone's at that instant (not today's: a daylight-saving change may lie between), so two times of one zone an hour
 * apart on the clock that reads the same twice (01:30 before and after New York's clocks go back) read apart.
 */
import { formatDateTime } from './dates';
import { gmtOffset, localInstants, localToInstant, readerZone, shownZone, validZone } from './timeZones';

/** '(Kolkata, GMT+5:30)': a zone by its current city (a stored 'Asia/Calcutta' too) and its offset at `at`. */
export const zoneNamed = (zone: string, at: Date): string =>
  `(${shownZone(zone).split('/').pop()?.replace(/_/g, ' ') ?? zone}, ${gmtOffset(zone, at)})`;

/** '14 Mar 2027, 10:30 am (Kolkata, GMT+5:30)': `value` in `zone` (the reader's when absent), the zone named. */
export function zonedDateTime(value: string | Date | null | undefined, zone = readerZone()): string | undefined {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  const when = formatDateTime(date, { timeZone: zone });
  return when ? `${when} ${zoneNamed(zone, date)}` : undefined;
}

/**
 * When a booked interview starts (ISO): the proposed time the candidate chose on accepting (`chosenSlot`, a wall-clock
 * time in the schedule's zone, UTC when it names none the runtime knows), as the calendar invitation reads it; an
 * ambiguous time (one the clocks show twice as they go back) is its first occurrence (localToInstant). Null without one.
 */
export function bookedStart(schedule: { chosenSlot?: string; timezone?: string } | null | undefined): string | null {
  const slot = schedule?.chosenSlot;
  return (slot && localToInstant(slot, validZone(schedule?.timezone) ?? 'UTC')?.toISOString()) || null;
}

/** 'EDT, GMT-4': the zone's short name at `at` beside its offset, the offset alone where the zone has no name of its own. */
export function offsetNamed(zone: string, at: Date): string {
  const offset = gmtOffset(zone, at);
  const short = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return short && !/^(GMT|UTC)/.test(short) ? `${short}, ${offset}` : offset;
}

/**
 * What a wall-clock time typed for `zone` books, for a time the clocks make unusual: 'twice' when they show it twice as
 * they go back (the first is booked: localToInstant), with each occurrence named ('EDT, GMT-4', 'EST, GMT-5');
 * 'skipped' when they jump over it going forward (none is); undefined for an ordinary time or no real date and time.
 */
export function clockChangeAt(
  local: string,
  zone: string,
): { kind: 'twice'; first: string; second: string } | { kind: 'skipped' } | undefined {
  if (!validZone(zone)) return undefined;
  const instants = localInstants(local, zone);
  if (instants.length > 1)
    return { kind: 'twice', first: offsetNamed(zone, instants[0]), second: offsetNamed(zone, instants[1]) };
  return !instants.length && localToInstant(local, 'UTC') ? { kind: 'skipped' } : undefined;
}
