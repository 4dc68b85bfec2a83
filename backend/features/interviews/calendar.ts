/** Calendar invitations (.ics, through the `ics` package) for an accepted interview with a known start. */
import { createEvent } from 'ics';
import type { Attachment } from '../../services/mail/outbox';
import { INTERVIEW_TYPE } from '../../../schema/rules/pipeline';
import type { ScheduleData } from './rules';

export interface Invitation {
  uid: string;
  start: Date;
  schedule: ScheduleData;
  title: string;
  description: string;
  /** The attendee; without an email (a copy for someone who may not see it) the invitation has none. */
  candidate: { name: string; email: string | null };
  /**
   * Who the invitation names as its organizer in place of the interviewer (the schedule's name and email): a
   * confidential project's copy for the candidate names the platform's sender (platformOrganizer), not the company's;
   * null names none. Left out, the interviewer, when the schedule has their email.
   */
  organizer?: { name: string; email: string } | null;
}

/**
 * The platform's own sender (`MAIL_FROM`, "Name <address>" or an address alone) as an invitation's organizer: METHOD
 * REQUEST needs an ORGANIZER (RFC 5546), and a confidential project's invitation must not name the company's
 * interviewer. The name is the sender's display name, else `fallbackName`; undefined without a usable address.
 */
export function platformOrganizer(mailFrom: string, fallbackName: string): { name: string; email: string } | undefined {
  const match =
    /^\s*(?:"?([^"<]*?)"?\s*)?<([^<>\s]+@[^<>\s]+)>\s*$/.exec(mailFrom) ??
    /^\s*()([^<>\s]+@[^<>\s]+)\s*$/.exec(mailFrom);
  if (!match) return undefined;
  return { name: match[1]?.trim() || fallbackName, email: match[2] };
}

/**
 * Text for a property: the ics package escapes `\n` and `\r\n` only, while calendar readers differ on a lone CR, a
 * vertical tab, a form feed or a Unicode line separator; each of those in an address or a title could start a
 * property of the typist's choosing (a second ORGANIZER). Line breaks stay (escaped), other control characters go.
 */
const propertyText = (text: string) =>
  text.replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n').replace(/[^\P{Cc}\n]+/gu, ' ');

/** The invitation as an .ics attachment, or undefined when the event cannot be written. */
export function invitationAttachment(inv: Invitation): Attachment | undefined {
  const s = inv.schedule;
  const location = s.type === INTERVIEW_TYPE.inPerson ? s.address : s.meetingLink;
  const { name, email } = inv.candidate;
  const organizer =
    inv.organizer !== undefined
      ? inv.organizer
      : s.interviewerEmail
        ? { name: s.interviewerName || s.interviewerEmail, email: s.interviewerEmail }
        : null;
  const attendees = email
    ? [
        {
          name: propertyText(name),
          email,
          rsvp: true,
          role: 'REQ-PARTICIPANT' as const,
          partstat: 'NEEDS-ACTION' as const,
        },
      ]
    : [];
  const { error, value } = createEvent({
    uid: inv.uid,
    method: 'REQUEST',
    start: inv.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: s.duration && s.duration > 0 ? s.duration : 60 },
    title: propertyText(inv.title),
    description: propertyText(inv.description),
    location: location ? propertyText(location) : undefined,
    url: s.meetingLink && /^https?:\/\//.test(s.meetingLink) ? s.meetingLink : undefined,
    status: 'CONFIRMED',
    organizer: organizer
      ? // The one property the ics package writes without escaping line breaks; a stored name may predate the check.
        { name: propertyText(organizer.name).replace(/\n/g, ' '), email: organizer.email }
      : undefined,
    attendees,
  });
  if (error || !value) return undefined;
  return { filename: 'interview.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: value };
}
