import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, intlFormat } from './dates';

// Instants across years, months, both halves of the day and the hours around noon and midnight.
const instants = Array.from(
  { length: 400 },
  (_, i) => new Date(Date.UTC(1999 + (i % 31), i % 12, 1 + (i % 28), (i * 7) % 24, (i * 13) % 60)),
);

describe('dates written by hand', () => {
  it('read as Intl writes them in the reader zone, in UTC for calendar days, and in a named zone', () => {
    for (const date of instants) {
      expect(formatDate(date)).toBe(intlFormat(date, false, undefined));
      expect(formatDateTime(date)).toBe(intlFormat(date, true, undefined));
      const day = date.toISOString().slice(0, 10);
      expect(formatDate(day)).toBe(intlFormat(new Date(`${day}T00:00:00Z`), false, 'UTC'));
      expect(formatMonth(date.toISOString())).toBe(
        new Intl.DateTimeFormat('en-SG', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date),
      );
      expect(formatDateTime(date, { timeZone: 'UTC' })).toBe(intlFormat(date, true, 'UTC'));
      expect(formatDateTime(date, { timeZone: 'Asia/Singapore' })).toBe(intlFormat(date, true, 'Asia/Singapore'));
    }
  });

  it('in the product shapes', () => {
    expect(formatDate('2026-09-05')).toBe('5 Sept 2026');
    expect(formatDateTime('2026-11-30T04:19:00Z', { timeZone: 'UTC' })).toBe('30 Nov 2026, 4:19 am');
    expect(formatDateTime('2026-11-30T00:05:00Z', { timeZone: 'UTC' })).toBe('30 Nov 2026, 12:05 am');
    expect(formatDateTime('2026-11-30T12:19:00Z', { timeZone: 'UTC' })).toBe('30 Nov 2026, 12:19 pm');
    expect(formatDate('not a date')).toBeUndefined();
    expect(formatMonth('2019-03-14')).toBe('Mar 2019');
    expect(formatMonth('not a date')).toBeUndefined();
  });
});
