/**
 * Reading what is typed into the product's day fields (ui/components/DayField.tsx): a day ('2 Dec 2026', the shapes
 * schema/rules/dates.ts parseDay reads) and, for an instant, a time after it ('2 Dec 2026, 9:30 am', '2/12/2026 21:30',
 * '2026-12-02T21:30'), read in the browser's zone as the written form is shown (formatDateTime).
 */
import { parseDay } from '../../schema/rules/dates';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The ISO day a value holds, if it holds one. */
export const dayOf = (value: string | null | undefined): string | undefined =>
  value && ISO_DAY.test(value) ? value : undefined;

/** The ISO instant a value holds ('2026-12-02T13:30:00.000Z'), if it holds one. */
export const instantOf = (value: string | null | undefined): string | undefined =>
  value && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

/** Minutes after midnight of '9:30 am', '9 pm', '21:30' or '9.30pm'; undefined for anything else. */
export function parseTime(text: string): number | undefined {
  const read = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/.exec(text.trim().toLowerCase());
  if (!read) return undefined;
  const [hours, minutes, half] = [Number(read[1]), Number(read[2] ?? 0), read[3]];
  if (minutes > 59) return undefined;
  if (half) return hours < 1 || hours > 12 ? undefined : ((hours % 12) + (half === 'p' ? 12 : 0)) * 60 + minutes;
  return hours > 23 ? undefined : hours * 60 + minutes;
}

/** A day and a time as an ISO instant of the browser's zone; a day alone is its first minute. */
export function parseDayTime(text: string): string | undefined {
  const typed = text.trim().replace(/\s+/g, ' ');
  const split =
    /^(\d{4}-\d{1,2}-\d{1,2})[T ](.+)$/.exec(typed) ??
    /^(.*?)(?:, ?| )(\d{1,2}(?:[:.]\d{2})? ?(?:[ap]\.? ?m\.?)?)$/i.exec(typed);
  const [dayText, timeText] = split && parseDay(split[1]) ? [split[1], split[2]] : [typed, '0:00'];
  const day = parseDay(dayText);
  const minutes = parseTime(timeText);
  if (!day || minutes === undefined) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date, Math.floor(minutes / 60), minutes % 60).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the browser's own date-time box holds it ('2026-12-02T21:30', its zone); '' for none. */
export function localInputOf(instant: string | undefined): string {
  if (!instant) return '';
  const d = new Date(instant);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
