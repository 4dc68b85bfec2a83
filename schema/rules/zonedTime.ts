/**
 * An instant as the screens write it with its zone named: '14 Mar 2027, 10:30 am (Kolkata, GMT+5:30)'. The offset is
 * the zone's at that instant (not today's: a daylight-saving change may lie between), so two times of one zone an hour
 * apart on the clock that reads the same twice (01:30 before and after New York's clocks go back) read apart.
 */
import { formatDateTime } from './dates';
import { gmtOffset, localToInstant, readerZone, validZone } from './timeZones';

/** '(Kolkata, GMT+5:30)': a zone by its city and its offset at `at`. */
export const zoneNamed = (zone: string, at: Date): string =>
  `(${zone.split('/').pop()?.replace(/_/g, ' ') ?? zone}, ${gmtOffset(zone, at)})`;

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
