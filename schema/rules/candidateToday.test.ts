/**
 * Today as the candidate rules read it: the reader's own day in a browser, and on the server (which does not know the
 * zone) any day that is today somewhere on Earth: "not in the future" against UTC+14's day, "not in the past" against
 * UTC−12's.
 */
import { describe, expect, it } from 'vitest';
import { candidateRules, educationRules, experienceRules, todayOf } from './candidate';
import { NOTICE_PERIOD_TYPES } from '../entities/talentOptions';

// 04:47 UTC on 7 Dec 2026: 8:47 pm on 6 Dec in Los Angeles (UTC−8), 12:47 pm on 7 Dec in Singapore (UTC+8).
const laEvening = new Date('2026-12-07T04:47:00Z');
// 20:00 UTC on 31 Dec 2026: 4 am on 1 Jan 2027 in Singapore.
const sgNewYear = new Date('2026-12-31T20:00:00Z');
const notice = (option: string) => ({ noticePeriod: { type: NOTICE_PERIOD_TYPES.specificDate, option } });

describe('todayOf', () => {
  it('reads the day on the clock it is given, and on the server the window of days it is anywhere', () => {
    expect(todayOf(laEvening, -8 * 60)).toMatchObject({
      date: '2026-12-06',
      earliest: '2026-12-06',
      latest: '2026-12-06',
    });
    expect(todayOf(sgNewYear, 8 * 60)).toMatchObject({ date: '2027-01-01', year: 2027 });
    expect(todayOf(laEvening)).toEqual({
      date: '2026-12-07',
      year: 2026,
      earliest: '2026-12-06',
      latest: '2026-12-07',
    });
    expect(todayOf(sgNewYear)).toEqual({
      date: '2026-12-31',
      year: 2026,
      earliest: '2026-12-31',
      latest: '2027-01-01',
    });
  });
});

describe('the candidate rules in the reader’s zone', () => {
  it('a candidate in Los Angeles at 8:47 pm on 6 Dec may give 6 Dec as their notice date, not 5 Dec', () => {
    const la = todayOf(laEvening, -8 * 60);
    expect(candidateRules(notice('2026-12-06'), {}, la)).toEqual({});
    expect(candidateRules(notice('2026-12-05'), {}, la)).toEqual({
      'noticePeriod.option': 'noticePeriod.option.errors.pastDate',
    });
  });

  it('a candidate in Singapore at 4 am on 1 Jan 2027 may enter a current job started in Jan 2027', () => {
    const data = { startDate: '2027-01-01', currentPosition: true };
    expect(experienceRules(data, {}, todayOf(sgNewYear, 8 * 60))).toEqual({});
    expect(data).toMatchObject({ endDate: '2027-01-01' });
    expect(educationRules({ startYear: 2027 }, {}, todayOf(sgNewYear, 8 * 60))).toEqual({});
    expect(educationRules({ startYear: 2028 }, {}, todayOf(sgNewYear, 8 * 60))).toMatchObject({
      startYear: expect.any(String),
    });
  });
});

describe('the candidate rules on the server', () => {
  it('accept a day that is today somewhere, and nothing before or after', () => {
    expect(candidateRules(notice('2026-12-06'), {}, todayOf(laEvening))).toEqual({});
    expect(candidateRules(notice('2026-12-05'), {}, todayOf(laEvening))).toMatchObject({
      'noticePeriod.option': expect.any(String),
    });
    expect(experienceRules({ startDate: '2027-01-01', endDate: '2027-01-01' }, {}, todayOf(sgNewYear))).toEqual({});
    expect(experienceRules({ startDate: '2027-01-02' }, {}, todayOf(sgNewYear))).toEqual({
      startDate: 'startDate.errors.inFuture',
    });
    expect(educationRules({ startYear: 2027 }, {}, todayOf(sgNewYear))).toEqual({});
  });

  it('keep the reader’s day as a current position’s end when it is today somewhere, else write the UTC day', () => {
    const sent = { startDate: '2026-01-01', currentPosition: true, endDate: '2027-01-01' };
    experienceRules(sent, {}, todayOf(sgNewYear));
    expect(sent.endDate).toBe('2027-01-01');
    const stale = { startDate: '2026-01-01', currentPosition: true, endDate: '2026-06-01' };
    experienceRules(stale, {}, todayOf(sgNewYear));
    expect(stale.endDate).toBe('2026-12-31');
  });
});
