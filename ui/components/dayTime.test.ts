import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../schema/rules/dates';
import { localInputOf, parseDayTime, parseTime } from './dayTime';

const at = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();

describe('What is typed into a day field', () => {
  it.each([
    ['9:30 am', 570],
    ['9:30pm', 1290],
    ['12 am', 0],
    ['12:05 pm', 725],
    ['21:30', 1290],
    ['9.30 p.m.', 1290],
    ['7', 420],
  ])('reads the time %s', (text, minutes) => expect(parseTime(text)).toBe(minutes));

  it.each(['13 pm', '0 am', '9:60', '24:00', 'noon', ''])('refuses the time %s', (text) =>
    expect(parseTime(text)).toBeUndefined(),
  );

  it.each([
    ['2 Dec 2026, 9:30 am', at(2026, 12, 2, 9, 30)],
    ['2 Dec 2026 21:30', at(2026, 12, 2, 21, 30)],
    ['2/12/2026 9:30 pm', at(2026, 12, 2, 21, 30)],
    ['2026-12-02T21:30', at(2026, 12, 2, 21, 30)],
    ['2026-12-02 7:05', at(2026, 12, 2, 7, 5)],
    ['2 Dec 2026', at(2026, 12, 2, 0, 0)],
  ])('reads %s as an instant of the browser zone', (text, instant) => expect(parseDayTime(text)).toBe(instant));

  it.each(['31 Nov 2026, 9:30 am', '2 Dec 2026, 25:00', '12/31/2026', 'soon', ''])('refuses %s', (text) =>
    expect(parseDayTime(text)).toBeUndefined(),
  );

  it('reads back what the product writes, and gives the browser box its own shape', () => {
    const instant = at(2026, 12, 2, 21, 30);
    expect(parseDayTime(formatDateTime(instant) as string)).toBe(instant);
    expect(localInputOf(instant)).toBe('2026-12-02T21:30');
  });
});
