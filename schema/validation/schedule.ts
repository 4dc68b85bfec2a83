/**
 * The interview schedule (spec sections 4, 5 and 9), one schema for every place it is typed: the
 * move to an interview stage (`scheduleFormData`), the interview request (`scheduleData`) and the
 * portal's schedule dialog, which checks its form with it before sending. An interviewer with a
 * valid email, in person (an address) or virtual (a meeting link, read as https by the one link
 * rule), 15 to 120 minutes in steps of 15, a time zone by its IANA name, and one to five proposed
 * date-time slots typed as wall-clock times in that zone, each still ahead. Failures are rule names
 * ('required', 'invalid', 'inPast', 'duplicate', ...) that `fieldErrorsOf` turns into
 * '<prefix>.<field>.errors.<rule>'.
 */
import { z } from 'zod';
import { normaliseEmail } from '../lib/email';
import { EMAIL_PATTERN } from '../lib/fields';
import { INTERVIEW_DURATIONS, INTERVIEW_TYPE } from '../rules/pipeline';
import { canonicalZone, LOCAL_DATE_TIME, localToInstant, validZone } from '../rules/timeZones';
import { webLink } from './links';

/** At most this many proposed times per interview. */
export const MAX_SLOTS = 5;

export interface Schedule {
  interviewerName: string;
  interviewerEmail: string;
  /** 1 in person, 2 virtual. */
  type: 1 | 2;
  address?: string;
  meetingLink?: string;
  /** 15 to 120 minutes in steps of 15. */
  duration: number;
  /** An IANA time-zone name. */
  timezone: string;
  /** Proposed starts as wall-clock times in `timezone` ("2026-12-01T10:00"), earliest first. */
  slots: string[];
}

const blankAsMissing = (v: unknown) => (typeof v === 'string' && !v.trim() ? undefined : v === null ? undefined : v);
const given = <S extends z.ZodType>(schema: S) => z.preprocess(blankAsMissing, schema.optional());

const shape = z.object({
  // One line: the name is written into the calendar invitation's ORGANIZER line, where a line break would start a
  // property of the sender's choosing.
  interviewerName: z
    .string()
    .trim()
    .min(1, 'required')
    .max(200, 'tooLong')
    .regex(/^\P{Cc}*$/u, 'invalid'),
  interviewerEmail: z
    .string()
    .transform((s) => normaliseEmail(s) ?? '@')
    .pipe(z.string().min(1, 'required').max(254, 'tooLong').regex(EMAIL_PATTERN, 'invalid')),
  type: z.number().refine((n) => n === INTERVIEW_TYPE.inPerson || n === INTERVIEW_TYPE.virtual, 'invalid'),
  address: given(z.string().trim().max(500, 'tooLong')),
  meetingLink: given(webLink(1000)),
  duration: z.number().refine((n) => (INTERVIEW_DURATIONS as readonly number[]).includes(n), 'invalid'),
  timezone: z
    .string()
    .trim()
    .min(1, 'required')
    .refine((tz) => validZone(tz) !== undefined, 'invalid'),
  slots: z.array(z.string().trim().regex(LOCAL_DATE_TIME, 'invalid')).min(1).max(MAX_SLOTS),
});

/** The schedule, checked against `now` (slots must be ahead of it). */
export const scheduleSchema = (now: () => Date = () => new Date()) =>
  shape
    .superRefine((s, ctx) => {
      if (s.type === INTERVIEW_TYPE.inPerson && !s.address)
        ctx.addIssue({ code: 'custom', message: 'required', path: ['address'] });
      if (s.type === INTERVIEW_TYPE.virtual && !s.meetingLink)
        ctx.addIssue({ code: 'custom', message: 'required', path: ['meetingLink'] });
      // An unknown zone is reported on its own; its slots cannot be read.
      if (!validZone(s.timezone)) return;
      const seen = new Set<string>();
      s.slots.forEach((slot, i) => {
        const start = localToInstant(slot, s.timezone);
        // A real day and time the zone's clocks skip (they go forward then) is told apart from one that is no time at all.
        if (!start)
          ctx.addIssue({
            code: 'custom',
            message: localToInstant(slot, 'UTC') ? 'skipped' : 'invalid',
            path: ['slots', i],
          });
        else if (start.getTime() <= now().getTime())
          ctx.addIssue({ code: 'custom', message: 'inPast', path: ['slots', i] });
        else if (seen.has(slot)) ctx.addIssue({ code: 'custom', message: 'duplicate', path: ['slots', i] });
        seen.add(slot);
      });
    })
    .transform((s): Schedule => ({
      interviewerName: s.interviewerName,
      interviewerEmail: s.interviewerEmail,
      type: s.type as 1 | 2,
      ...(s.type === INTERVIEW_TYPE.inPerson ? { address: s.address } : { meetingLink: s.meetingLink }),
      duration: s.duration,
      // By its canonical name ("asia/singapore" → "Asia/Singapore"), as the emails and pages show it.
      timezone: canonicalZone(s.timezone) ?? s.timezone,
      slots: [...s.slots].sort(),
    }));

/** The proposed starts of a stored schedule as instants, earliest first (unreadable ones left out). */
export function slotStarts(schedule: { slots?: string[]; timezone?: string } | null | undefined): Date[] {
  const zone = validZone(schedule?.timezone) ?? 'UTC';
  return (schedule?.slots ?? [])
    .map((slot) => localToInstant(slot, zone))
    .filter((d): d is Date => d !== undefined)
    .sort((a, b) => a.getTime() - b.getTime());
}
