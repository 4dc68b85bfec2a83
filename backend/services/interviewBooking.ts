/**
 * Booked interviews and their calendar invitations, shared by the interviews capability (which books and invites,
 * interviews/answer.ts and delivery.ts) and the capabilities that end a booking (a move to rejected,
 * pipeline/recruitment.ts; an erasure, dataRights/erase.ts).
 *
 * A booking is an accepted interview request (REQUEST_STATE.approved). Cancelling it (cancelBookings) ends the request
 * as expired, the state a withdrawn request takes (REQUEST_STATE has no cancelled state): an expired request books no
 * time (interviews/answer.ts requireFree counts approved requests only), is not answered again, and its answer's
 * emails and invitation are no longer sent when not sent yet (delivery.ts notifyAnswer reads approved or rejected
 * requests only). When the invitation was sent (the answer was told), a cancellation (RFC 5546: METHOD:CANCEL, the
 * invitation's UID, a SEQUENCE above the invitation's 0, STATUS:CANCELLED) is emailed to the interviewer and, unless
 * the candidate is being erased, to the candidate.
 */
import type { Knex } from 'knex';
import { createEvent } from 'ics';
import { t } from '../../i18n';
import { REQUEST_KIND, REQUEST_STATE } from '../../schema/rules/pipeline';
import { formatDateTime } from '../../schema/rules/dates';
import { localToInstant, validZone, zoneLabel } from '../../schema/rules/timeZones';
import type { Config } from '../config';
import { ownContact } from './candidateGate';
import { queueEmail, type Attachment } from './mail/outbox';
import { html } from './mail/templates';

/** The SEQUENCE of an interview's invitation (RFC 5545), and of its cancellation, a revision above it. */
export const INVITATION_SEQUENCE = 0;
const CANCELLATION_SEQUENCE = INVITATION_SEQUENCE + 1;

/** The UID of a request's calendar event: the invitation and its cancellation carry the same. */
export const bookingUid = (config: Pick<Config, 'publicUrl'>, guid: string) =>
  `${guid}@${new URL(config.publicUrl).hostname}`;

/**
 * Text for a property: the ics package escapes `\n` and `\r\n` only, while calendar readers differ on a lone CR, a
 * vertical tab, a form feed or a Unicode line separator; each of those in an address or a title could start a
 * property of the typist's choosing (a second ORGANIZER). Line breaks stay (escaped), other control characters go.
 */
export const propertyText = (text: string) =>
  text.replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n').replace(/[^\P{Cc}\n]+/gu, ' ');

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

type BookedSchedule = {
  interviewerName?: string;
  interviewerEmail?: string;
  duration?: number;
  timezone?: string;
  slots?: string[];
  chosenSlot?: string;
};

/** The zone a schedule's times are read in (UTC when it names none the runtime knows). */
export const scheduleZone = (schedule: { timezone?: string } | null | undefined) =>
  validZone(schedule?.timezone) ?? 'UTC';

/** A booking's interval [start, end) in ms: its chosen time (else its first proposed one) for its duration. */
export function bookedInterval(schedule: BookedSchedule | null | undefined): [number, number] | undefined {
  const slot = schedule?.chosenSlot ?? schedule?.slots?.[0];
  const start = slot ? localToInstant(slot, scheduleZone(schedule))?.getTime() : undefined;
  if (start === undefined) return undefined;
  const minutes = schedule?.duration && schedule.duration > 0 ? schedule.duration : 60;
  return [start, start + minutes * 60000];
}

/** The cancellation of a booking's invitation as an .ics attachment, or undefined when it cannot be written. */
function cancellation(
  uid: string,
  start: number,
  minutes: number,
  title: string,
  organizer: { name: string; email: string } | undefined,
  attendee: string | null,
): Attachment | undefined {
  const { error, value } = createEvent({
    uid,
    method: 'CANCEL',
    sequence: CANCELLATION_SEQUENCE,
    status: 'CANCELLED',
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes },
    title: propertyText(title),
    organizer: organizer
      ? { name: propertyText(organizer.name).replace(/\n/g, ' '), email: organizer.email }
      : undefined,
    attendees: attendee ? [{ email: attendee, role: 'REQ-PARTICIPANT' as const, partstat: 'DECLINED' as const }] : [],
  });
  if (error || !value) return undefined;
  return { filename: 'interview.ics', contentType: 'text/calendar; charset=utf-8; method=CANCEL', content: value };
}

type BookingRow = {
  id: number;
  guid: string;
  project_id: number;
  candidate_id: number;
  schedule_data: BookedSchedule | null;
  answer_notified_at: Date | null;
};

/** Emails the cancellation of a booking whose invitation was sent: to the interviewer and, when `toCandidate`, the candidate. */
async function tellCancelled(trx: Knex.Transaction, config: Config, row: BookingRow, toCandidate: boolean) {
  const schedule = row.schedule_data;
  const interval = bookedInterval(schedule);
  if (!row.answer_notified_at || !schedule || !interval) return;
  const project = await trx('projects').where('id', row.project_id).first('title', 'is_confidential');
  const title = (project?.title as string | undefined) ?? '';
  const candidate = toCandidate ? await ownContact(trx, row.candidate_id) : undefined;
  const interviewer = schedule.interviewerEmail?.trim() || null;
  const organizerOf = (forCandidate: boolean) =>
    forCandidate && project?.is_confidential
      ? platformOrganizer(config.mailFrom, config.productName)
      : interviewer
        ? { name: schedule.interviewerName || interviewer, email: interviewer }
        : undefined;
  const when = `${formatDateTime(new Date(interval[0]), { timeZone: scheduleZone(schedule) })} (${zoneLabel(scheduleZone(schedule), new Date(interval[0]))})`;
  const lines = [t('project.emails.interviewCancelled', { title, when })];
  const to = [
    ...(candidate?.email ? [{ address: candidate.email, forCandidate: true }] : []),
    ...(interviewer && interviewer !== candidate?.email ? [{ address: interviewer, forCandidate: false }] : []),
  ];
  for (const { address, forCandidate } of to) {
    const attachment = cancellation(
      bookingUid(config, row.guid),
      interval[0],
      (interval[1] - interval[0]) / 60000,
      // The invitation's own title (interviews/delivery.ts), so the calendar shows the event it cancels.
      t('project.interview.invitation.title', { title }),
      organizerOf(forCandidate),
      forCandidate ? address : null,
    );
    if (!attachment) continue;
    await queueEmail(trx, {
      to: address,
      subject: t('project.emails.interviewCancelledSubject', { title }),
      text: lines.join('\n\n'),
      html: html(config, lines),
      attachments: [attachment],
    });
  }
}

/**
 * Cancels the bookings (accepted interview requests) of `candidateIds` (in `projectId` when given, else in every
 * project), or those named by `ids`: each ends as expired and, when its invitation was sent, its cancellation is
 * emailed (to the candidate too unless `toCandidate` is false: an erasure writes to the person no more). Answers the
 * number cancelled.
 */
export async function cancelBookings(
  trx: Knex.Transaction,
  config: Config,
  which: { candidateIds?: number[]; projectId?: number; projectIds?: number[]; ids?: number[] },
  toCandidate = true,
): Promise<number> {
  const q = trx('interview_requests').where({ kind: REQUEST_KIND.interview, state: REQUEST_STATE.approved });
  if (which.candidateIds) q.whereIn('candidate_id', which.candidateIds);
  if (which.projectId !== undefined) q.where('project_id', which.projectId);
  if (which.projectIds) q.whereIn('project_id', which.projectIds);
  if (which.ids) q.whereIn('id', which.ids);
  const rows = (await q
    .forUpdate()
    .select('id', 'guid', 'project_id', 'candidate_id', 'schedule_data', 'answer_notified_at')) as BookingRow[];
  if (!rows.length) return 0;
  await trx('interview_requests')
    .whereIn(
      'id',
      rows.map((r) => r.id),
    )
    .update({ state: REQUEST_STATE.expired, updated_at: trx.fn.now() });
  for (const row of rows) await tellCancelled(trx, config, row, toCandidate);
  return rows.length;
}
