/**
 * What the send_interview_request job does, each step once however often it runs: `deliver` puts
 * the request's email in the outbox (with the accept and decline links) and, for the WhatsApp
 * channel, its template message in the WhatsApp outbox; `answered` emails the candidate's answer to
 * those the in-app notice of it reaches (the project's active people whose board shows the
 * candidate, by their own view of them, and its active advocate) and its active owner-admin, each
 * once: for an interview, the email of the interviewAnswered kind, sent to those who did not turn the
 * kind off (the notice itself emails nobody), naming the time the candidate chose on accepting; and,
 * for an accepted interview with a known start (the chosen proposed time, rules.ts interviewStart), sends the calendar invitation to the candidate and
 * the interviewer (a confidential project's copy for the candidate organized by the platform's sender,
 * naming no one of the company), whatever anyone's notification preferences: it is the interview's appointment, not a
 * notice of the answer. It sends nothing once the candidate may no longer be reached by the
 * request's sender (deliverable.ts candidateReachable: paused, erased, consent withdrawn or moved to rejected since
 * the answer).
 *
 * `deliver` first reads again what sending read (send.ts), as answering does (answer.ts): the project and its
 * company still active (projectAnswerable), and the sender still allowed to contact the candidate (mayContact, and
 * for a company a candidate met at all: statusSql, which a pause or a withdrawn consent to be shown to companies
 * ends). When that no longer holds (the candidate paused or withdrew that consent, the company was suspended, the
 * project closed or put on hold since the send), nothing is delivered and the request is marked expired:
 * REQUEST_STATE has no cancelled or withdrawn state, and an expired request is never delivered nor answered, and
 * does not stop a new request once the reason is gone.
 */
import type { Knex } from 'knex';
import { t } from '../../../i18n';
import { JD_LIMITS, REQUEST_CHANNEL, REQUEST_KIND, REQUEST_STATE } from '../../../schema/rules/pipeline';
import type { Config } from '../../config';
import { html, linked, plainText } from '../../services/mail/templates';
import { queueEmail } from '../../services/mail/outbox';
import type { RequestRow } from './answer';
import { sendInvitation } from './invitation';
import { bookingUid } from '../../services/interviewBooking';
import { interviewStart, startText, type ScheduleData } from './rules';
import { templateText } from './templateText';
import { requestToken } from './tokens';
import { queueWhatsapp } from './whatsappOutbox';
import { candidateReachable, stillDeliverable } from './deliverable';
import { requestEmail, requestWhatsapp, type RequestMessageInput } from '../../../schema/rules/requestMessage';
import { ownContact, shownOne, viewerOf, type Viewer } from '../../services/candidateGate';
import { adminRecipients, byEmail, projectFacts, readersSeeing, type Recipient } from '../notifications';

export const answerLink = (config: Config, token: string, av: 'approve' | 'reject', m: 'email' | 'whatsapp') =>
  `${config.publicUrl}/interview-request?irt=${encodeURIComponent(token)}&av=${av}&m=${m}`;

export const jdLink = (config: Config, request: { guid: string; created_at: Date }) =>
  `${config.publicUrl}/jd/${request.guid}/${Math.floor(new Date(request.created_at).getTime() / 1000)}`;

async function context(trx: Knex.Transaction, request: RequestRow) {
  const project = await trx('projects as p')
    .leftJoin('companies as c', 'c.id', 'p.company_id')
    .where('p.id', request.project_id)
    .first(
      'p.id',
      'p.title',
      'p.is_confidential',
      'p.owner_id',
      'p.owner_admin_id',
      'p.advocate_id',
      'p.date_time_slots',
      'p.status',
      'p.company_id',
      'c.company_name',
      'c.company_type',
      'c.status as company_status',
    );
  // The candidate's own contact, to write to them; what the company reads of them comes through the gate.
  const candidate = await ownContact(trx, request.candidate_id);
  const company =
    project?.is_confidential || !project?.company_name ? t('portal.interviews.aCompany') : project.company_name;
  return { project, candidate, company };
}

export async function deliverRequest(knex: Knex, config: Config, id: number): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const request = await trx('interview_requests').where('id', id).forUpdate().first();
    if (!request || request.delivered_at || request.state !== REQUEST_STATE.sent) return false;
    // Read for share, as answering does: a close under way waits for this delivery, or this one sees it closed.
    await trx('projects').where('id', request.project_id).forShare().first('id');
    const { project, candidate, company } = await context(trx, request);
    if (!project || !candidate?.email) return false;
    if (!(await stillDeliverable(trx, request, project))) {
      await trx('interview_requests')
        .where('id', id)
        .update({ state: REQUEST_STATE.expired, updated_at: trx.fn.now() });
      return false;
    }
    const token = requestToken(config.secret, request.guid);
    const interview = request.kind === REQUEST_KIND.interview;
    const role = project.title as string;
    // The words are the ones the sender previewed (schema/rules/requestMessage.ts).
    const message = (m: 'email' | 'whatsapp'): RequestMessageInput => ({
      interview,
      company,
      role,
      firstName: candidate.firstName,
      header: request.jd_header,
      body: request.jd_body,
      footer: request.jd_footer,
      links: {
        jd: jdLink(config, request),
        accept: answerLink(config, token, 'approve', m),
        decline: answerLink(config, token, 'reject', m),
      },
    });
    const { subject, paragraphs } = requestEmail(message('email'));
    await queueEmail(trx, {
      to: candidate.email,
      subject,
      text: plainText(paragraphs),
      html: html(config, paragraphs),
    });
    if (request.channel === REQUEST_CHANNEL.whatsapp && candidate.phone) {
      // Each text parameter as one line WhatsApp takes (templateText.ts): "Hi there" without a first name. The
      // buttons' parameters are the answer links' query, made of the URL-safe token only.
      const shownRole = templateText(role, t('portal.interviews.aRole'));
      const words = {
        header: templateText(request.jd_header, shownRole, JD_LIMITS.header),
        firstName: templateText(candidate.firstName, t('portal.interviews.there')),
        company: templateText(company, t('portal.interviews.aCompany')),
        role: shownRole,
      };
      await queueWhatsapp(trx, {
        to: candidate.phone,
        template: interview ? 'interview_request' : 'job_description',
        components: [
          { type: 'header', parameters: [{ type: 'text', text: words.header }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: words.firstName },
              { type: 'text', text: words.company },
              { type: 'text', text: words.role },
            ],
          },
          {
            type: 'button',
            sub_type: 'url',
            index: '0',
            parameters: [{ type: 'text', text: `?irt=${token}&av=approve&m=whatsapp` }],
          },
          {
            type: 'button',
            sub_type: 'url',
            index: '1',
            parameters: [{ type: 'text', text: `?irt=${token}&av=reject&m=whatsapp` }],
          },
        ],
        preview: requestWhatsapp(message('whatsapp')),
        interviewRequestId: request.id,
      });
    }
    await trx('interview_requests').where('id', id).update({ delivered_at: trx.fn.now() });
    return true;
  });
}

/**
 * Who hears of the answer: those the in-app notice reaches (interviewAnswered: the project's active readers of an active
 * company whose board shows the candidate, and the active advocate), and the project's active owner-admin; of an
 * interview's answer, only those whose interviewAnswered channel includes email (the email is the kind's one email:
 * "in the app" and "off" send none).
 */
async function recipients(trx: Knex.Transaction, request: RequestRow, ownerAdminId: number | null) {
  const project = await projectFacts(trx, request.project_id);
  if (!project) return [];
  const admins = [project.advocateId, ownerAdminId].filter((n): n is number => n !== null);
  const everyone = [
    ...(await readersSeeing(trx, project, request.candidate_id)),
    ...(await adminRecipients(trx, admins)),
  ];
  const people = request.kind === REQUEST_KIND.interview ? await byEmail(trx, everyone, 'interviewAnswered') : everyone;
  return [...new Map(people.map((r) => [r.email, r])).values()];
}

/** The candidate's name as each recipient's board shows it (the candidate gate for the recipient's own viewer kind). */
async function namesFor(trx: Knex.Transaction, people: Recipient[], candidateId: number, projectId: number) {
  const names = new Map<Viewer, string>();
  for (const viewer of new Set(people.map((r) => viewerOf(r.actor)))) {
    names.set(viewer, (await shownOne(trx, viewer, candidateId, { projectId }))?.name ?? `Candidate ${candidateId}`);
  }
  return (r: Recipient) => names.get(viewerOf(r.actor)) as string;
}

/** The answer email's last paragraph: the project's page, the HTML part's link alone. */
function openProject(config: Config, projectId: number) {
  const url = `${config.publicUrl}/project/Project:${projectId}`;
  return linked(t('portal.interviews.answeredEmail.open', { url }), url, t('portal.mailLinks.openProject'), true);
}

export async function notifyAnswer(knex: Knex, config: Config, id: number): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const request = await trx('interview_requests').where('id', id).forUpdate().first();
    if (
      !request ||
      request.answer_notified_at ||
      ![REQUEST_STATE.approved, REQUEST_STATE.rejected].includes(request.state)
    )
      return false;
    const { project, candidate } = await context(trx, request);
    if (!project || !candidate) return false;
    // Answering checked the candidate could still be reached; a pause, an erasure, a withdrawn consent or a move to
    // rejected since (before this job ran) ends what is sent of the answer: no email, no invitation, the answer marked told.
    if (!(await candidateReachable(trx, request, project.company_type))) {
      await trx('interview_requests').where('id', id).update({ answer_notified_at: trx.fn.now() });
      return false;
    }
    const approved = request.state === REQUEST_STATE.approved;
    const interview = request.kind === REQUEST_KIND.interview;
    const E = 'portal.interviews.answeredEmail';
    const what = t(`${E}.what.${interview ? 'interview' : 'jd'}`);
    const answer = approved ? 'accepted' : 'declined';
    const reasons = (request.reject_reasons as string[] | null)?.map((r) => t(`portal.interviews.reasons.${r}`)) ?? [];
    // The interview's start: the proposed time the candidate chose on accepting (answer.ts chooseSlot).
    const schedule = request.schedule_data as ScheduleData | null;
    const start = approved && interview ? interviewStart(schedule, project.date_time_slots, new Date()) : undefined;
    const when = start ? startText(schedule, start) : '';
    const people = await recipients(trx, request, project.owner_admin_id);
    const nameOf = await namesFor(trx, people, candidate.id, project.id);
    for (const person of people) {
      const name = nameOf(person);
      const lines = [
        t(`${E}.${answer}Line`, { name, what, project: (project.title as string | null) ?? '' }),
        ...(start && schedule ? [t('portal.interviews.answeredTime', { when })] : []),
        ...(!approved && reasons.length ? [t(`${E}.reasons`, { reasons: reasons.join(', ') })] : []),
        ...(!approved && request.reject_text ? [t(`${E}.theirWords`, { text: request.reject_text })] : []),
        openProject(config, project.id),
      ];
      const subject = t(`${E}.${answer}`, { name, what });
      await queueEmail(trx, { to: person.email, subject, text: plainText(lines), html: html(config, lines) });
    }

    // The invitation (invitation.ts), as a move to an interview stage sends it; its start is the interview's.
    if (start && schedule && candidate.email) {
      const sent = await sendInvitation(trx, config, {
        uid: bookingUid(config, request.guid),
        project,
        candidate,
        schedule,
        start,
      });
      if (sent)
        await trx('project_candidates')
          .where({ project_id: project.id, candidate_id: candidate.id })
          .update({ interview_scheduled_at: start, updated_at: trx.fn.now() });
    }
    await trx('interview_requests').where('id', id).update({ answer_notified_at: trx.fn.now() });
    return true;
  });
}
