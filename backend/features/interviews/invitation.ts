/**
 * An interview's calendar invitation, emailed to the candidate and the interviewer whatever anyone's notification
 * preferences (it is the interview's appointment, not a notice): by the answer of an accepted interview request
 * (delivery.ts notifyAnswer) and by a move to an interview stage with a schedule (pipeline/recruitment.ts, through the
 * send_interview_request job's `scheduled` step: notifyScheduled). The same
 * words (project.interview.invitation) and the same .ics (calendar.ts) either way. A confidential project's copy for the
 * candidate is organized by the platform's sender and names no one of the company; the interviewer's copy names the
 * candidate as the company's board does (the candidate gate, by the company's viewer kind), with the email only where
 * that board shows the contact.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { roleOfCompanyType } from '../../../schema/roles';
import type { Config } from '../../config';
import { html } from '../../services/mail/templates';
import { queueEmail } from '../../services/mail/outbox';
import { ownContact, shownOne, viewerOf, type OwnContact } from '../../services/candidateGate';
import { bookingUid } from '../../services/interviewBooking';
import { STAGES } from '../../../schema/rules/pipeline';
import { candidateReachable } from './deliverable';
import { invitationAttachment, platformOrganizer } from './calendar';
import { startText, type ScheduleData } from './rules';

export interface InvitationInput {
  /** The calendar event's UID (services/interviewBooking.ts bookingUid). */
  uid: string;
  project: { id: number; title: string | null; is_confidential: boolean | null; company_type: number | null };
  candidate: Pick<OwnContact, 'id' | 'firstName' | 'lastName' | 'email'>;
  schedule: ScheduleData;
  start: Date;
}

/** Emails the invitation to the candidate and the interviewer; false when none could be written (nothing sent). */
export async function sendInvitation(trx: Knex.Transaction, config: Config, input: InvitationInput): Promise<boolean> {
  const { project, candidate, schedule, start } = input;
  if (!candidate.email) return false;
  const title = project.title ?? '';
  const when = startText(schedule, start);
  const invitation = (attendee: { name: string; email: string | null }, hideCompany = false) =>
    invitationAttachment({
      uid: input.uid,
      start,
      schedule,
      title: t('project.interview.invitation.title', { title }),
      description:
        schedule.interviewerName && !hideCompany
          ? t('project.interview.invitation.descriptionWith', { title, interviewer: schedule.interviewerName })
          : t('project.interview.invitation.description', { title }),
      candidate: attendee,
      ...(hideCompany ? { organizer: platformOrganizer(config.mailFrom, config.productName) ?? null } : {}),
    });
  const attachment = invitation(
    { name: `${candidate.firstName ?? ''} ${candidate.lastName ?? ''}`.trim(), email: candidate.email },
    Boolean(project.is_confidential),
  );
  const companyViewer = viewerOf({ role: roleOfCompanyType(project.company_type) });
  const shown = await shownOne(trx, companyViewer, candidate.id, { projectId: project.id });
  const interviewerCopy = invitation({
    name: shown?.name ?? `Candidate ${candidate.id}`,
    email: shown?.contact?.email ?? null,
  });
  if (!attachment || !interviewerCopy) return false;
  const invite = [t('project.interview.invitation.when', { title, when }), t('project.interview.invitation.attached')];
  const to = new Set([candidate.email, ...(schedule.interviewerEmail ? [schedule.interviewerEmail] : [])]);
  for (const address of to) {
    await queueEmail(trx, {
      to: address,
      subject: t('project.interview.invitation.subject', { title }),
      text: invite.join('\n\n'),
      html: html(config, invite),
      attachments: [address === candidate.email ? attachment : interviewerCopy],
    });
  }
  return true;
}

/**
 * The `scheduled` step of send_interview_request: the invitation of the interview a move to an interview stage
 * scheduled (pipeline/recruitment.ts), for the project row `id`, at the start `interview_scheduled_at` keeps. Nothing
 * is sent once the candidate left the interview stages, the interview started, or the candidate may no longer be
 * reached by the project's company (deliverable.ts candidateReachable: paused, erased, consent withdrawn).
 */
export async function notifyScheduled(knex: Knex, config: Config, id: number): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const row = await trx('project_candidates').where('id', id).forShare().first();
    const start = row?.interview_scheduled_at ? new Date(row.interview_scheduled_at) : undefined;
    const schedule = row?.schedule_data as ScheduleData | null | undefined;
    if (!row || !start || !schedule || start.getTime() <= Date.now()) return false;
    if (![STAGES.interviewing, STAGES.interviewing2].includes(row.stage)) return false;
    const project = await trx('projects as p')
      .leftJoin('companies as c', 'c.id', 'p.company_id')
      .where('p.id', row.project_id)
      .first('p.id', 'p.title', 'p.is_confidential', 'c.company_type');
    const sent = { project_id: row.project_id, candidate_id: row.candidate_id, sent_by_admin_id: null };
    if (!project || !(await candidateReachable(trx, sent, project.company_type ?? null))) return false;
    const candidate = await ownContact(trx, row.candidate_id);
    if (!candidate) return false;
    // One event per candidate, project and start: a later move with another time is another event.
    const uid = bookingUid(config, `interview-${row.project_id}-${row.candidate_id}-${start.getTime()}`);
    return sendInvitation(trx, config, { uid, project, candidate, schedule, start });
  });
}
