import { describe, expect, it } from 'vitest';
import { scheduleSchema } from '../validation/schedule';
import { localToInstant } from './timeZones';

describe('A wall-clock time in a zone', () => {
  it('is the instant it names, on either side of a daylight-saving change', () => {
    expect(localToInstant('2027-03-14T01:30', 'America/New_York')?.toISOString()).toBe('2027-03-14T06:30:00.000Z');
    expect(localToInstant('2027-03-14T03:30', 'America/New_York')?.toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(localToInstant('2027-03-28T02:00', 'Europe/London')?.toISOString()).toBe('2027-03-28T01:00:00.000Z');
    expect(localToInstant('2027-11-07T01:30', 'America/New_York')?.getTime()).toBeDefined();
    expect(localToInstant('2026-12-01T10:00', 'Asia/Singapore')?.toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });

  it('is no instant when the clocks skip it, rather than an hour earlier', () => {
    expect(localToInstant('2027-03-14T02:30', 'America/New_York')).toBeUndefined();
    expect(localToInstant('2027-03-14T02:00', 'America/New_York')).toBeUndefined();
    expect(localToInstant('2027-03-28T01:30', 'Europe/London')).toBeUndefined();
    expect(localToInstant('2027-10-03T02:15', 'Australia/Lord_Howe')).toBeUndefined();
    expect(localToInstant('2027-10-03T02:30', 'Australia/Lord_Howe')?.toISOString()).toBe('2027-10-02T15:30:00.000Z');
  });

  it('is refused as a proposed interview time, on that slot', () => {
    const result = scheduleSchema(() => new Date('2027-01-01T00:00:00Z')).safeParse({
      interviewerName: 'Ivy Interviewer',
      interviewerEmail: 'ivy@acme.example.com',
      type: 2,
      meetingLink: 'meet.example.com/abc',
      duration: 45,
      timezone: 'America/New_York',
      slots: ['2027-03-14T01:30', '2027-03-14T02:30'],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['slots.1', 'skipped']]);
  });
});
