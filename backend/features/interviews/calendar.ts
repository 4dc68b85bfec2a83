/** Calendar invitations (.ics, through the `ics` package) for an accepted interview with a known start. */
import { createEvent } from 'ics';
import type { Attachment } from '../../services/mail/outbox';
import { INTERVIEW_TYPE } from '../../../schema/rules/pipeline';
import type { ScheduleData } from './rules';
import { INVITATION_SEQUENCE, propertyText } from '../../services/interviewBooking';

export { platformOrganizer } from '../../services/interviewBooking';

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
    // Written out, so that the cancellation's SEQUENCE is read as a revision above it (services/interviewBooking.ts).
    sequence: INVITATION_SEQUENCE,
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
