/**
 * Dates as every screen, PDF and email writes them, in the product's locale (en-SG, spec section 9):
 * one date format, '30 Nov 2026', and one date-time format, '30 Nov 2026, 12:19 pm'. The same
 * pair is used by the portal, the console and the server, as formatMoney is for amounts.
 *
 * A calendar day ('2026-12-27', e.g. a credit's expiry) is that day wherever it is read; an instant
 * is shown in the reader's time zone (the browser's, or the one passed: an interview's zone).
 */
export const DATE_LOCALE = 'en-SG';

/**
 * The ends of the Earth's clocks. A server does not know its reader's zone, so it takes a day as valid when it is
 * that day somewhere: a day has not ended anywhere until it ends in the last zone, UTC−12 (a slot or a date past
 * there is past everywhere), and has begun somewhere once it begins in the first, UTC+14 (Kiribati's Line Islands).
 * The Etc/ names read the sign backwards (POSIX).
 */
export const LAST_ZONE = 'Etc/GMT+12';
export const FIRST_ZONE = 'Etc/GMT-14';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_PARTS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME_PARTS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hour12: true };

export interface DateOptions {
  /** An IANA zone ('Asia/Singapore'); the reader's own zone when absent. */
  timeZone?: string;
}

type DateInput = string | number | Date | null | undefined;

function instant(value: DateInput): { date: Date; dayOnly: boolean } | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const dayOnly = typeof value === 'string' && DAY_ONLY.test(value);
  const date = value instanceof Date ? value : new Date(dayOnly ? `${value as string}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : { date, dayOnly };
}

// The reader's own zone and UTC (a calendar day) are written by hand: a browser builds its first date format by loading
// its locale data, which cost a page that lists dates 50 ms of one task as it opened. Any other zone goes through
// Intl, one format per shape and zone, kept. A test holds the hand-written shapes to what Intl writes.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function written(date: Date, withTime: boolean, timeZone: string | undefined): string {
  if (timeZone !== undefined && timeZone !== 'UTC') return intlFormat(date, withTime, timeZone);
  const [year, month, day, hours, minutes] =
    timeZone === 'UTC'
      ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()]
      : [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()];
  const calendarDay = `${day} ${MONTHS[month]} ${year}`;
  if (!withTime) return calendarDay;
  return `${calendarDay}, ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The same shapes as Intl writes them, in any zone. */
export function intlFormat(date: Date, withTime: boolean, timeZone: string | undefined): string {
  const key = `${withTime ? 'dt' : 'd'}|${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(DATE_LOCALE, { ...DATE_PARTS, ...(withTime ? TIME_PARTS : {}), timeZone });
    formatters.set(key, made);
  }
  return plain(made.format(date));
}

// ICU puts narrow no-break spaces before "pm" in some versions: written as plain spaces so text compares alike.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** '30 Nov 2026'; undefined for nothing or an unreadable value. */
export function formatDate(value: DateInput, options: DateOptions = {}): string | undefined {
  const read = instant(value);
  if (!read) return undefined;
  return written(read.date, false, read.dayOnly ? 'UTC' : options.timeZone);
}

/** '30 Nov 2026, 12:19 pm'; a calendar day alone reads as formatDate writes it. */
export function formatDateTime(value: DateInput, options: DateOptions = {}): string | undefined {
  const read = instant(value);
  if (!read) return undefined;
  if (read.dayOnly) return formatDate(value);
  return written(read.date, true, options.timeZone);
}

/** 'Sept 2026': the month of a calendar day ('2026-09-05', or the day that starts a longer ISO string). */
export function formatMonth(value: string): string | undefined {
  const read = instant(value.slice(0, 10));
  if (!read?.dayOnly) return undefined;
  return `${MONTHS[read.date.getUTCMonth()]} ${read.date.getUTCFullYear()}`;
}

/**
 * Date shapes the product never shows: ISO days, numeric day/month/year and times with seconds.
 * Tests scan pages and emails for these.
 */
export const FOREIGN_DATE_SHAPES: readonly RegExp[] = [
  /\b\d{4}-\d{2}-\d{2}\b/,
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/,
  /\b\d{1,2}:\d{2}:\d{2}\b/,
];

const MONTH_OF = new Map(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((m, i) => [m, i]),
);

/**
 * A calendar day typed as the product writes it ('2 Dec 2026', '2 December 2026'), as an ISO day, or as
 * day/month/year ('2/12/2026', the en-SG order): '2026-12-02'; undefined for anything else or a day that
 * does not exist (31 Feb).
 */
export function parseDay(text: string): string | undefined {
  const typed = text.trim().toLowerCase().replace(/,/g, ' ');
  let parts: [number, number, number] | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  const named = /^(\d{1,2})\s*([a-z]+)\.?\s+(\d{4})$/.exec(typed);
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed);
  if (iso) parts = [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])];
  else if (numeric) parts = [Number(numeric[3]), Number(numeric[2]) - 1, Number(numeric[1])];
  else if (named && MONTH_OF.has(named[2].slice(0, 3)))
    parts = [Number(named[3]), MONTH_OF.get(named[2].slice(0, 3)) as number, Number(named[1])];
  if (!parts) return undefined;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}
