/**
 * An accepted interview's calendar invitation speaks the catalogue's words, as the rest of its email does: the event's
 * title (the .ics SUMMARY), its description, the subject and the lines of the email that carries it, to the candidate
 * and to the interviewer, and the title of the cancellation that later replaces it. The product's catalogue has one
 * language (English); the file puts a stand-in translation of the invitation's section in its place, so a text
 * written into the code instead of read from the catalogue shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, hasText } from '../../i18n';
import { STAGES } from '../../schema/rules/pipeline';
import type { Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import { addToProject, interviewsApp, makeProject, requestEmail } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let owner: Client;
let visitor: Client;
let candidates: number[];
let emails: Map<number, string>;

const year = new Date().getUTCFullYear() + 1;
const INTERVIEWER = 'iman@acme.example.com';

/** The invitation's texts as another language writes them (Malay), with the placeholders the English ones have. */
const STAND_IN = {
  title: 'Temu duga: {title}',
  subject: 'Jemputan: temu duga untuk {title}',
  description: 'Temu duga untuk {title}.',
  descriptionWith: 'Temu duga untuk {title} bersama {interviewer}.',
  when: 'Temu duga anda untuk {title} pada {when}.',
  attached: 'Jemputan kalendar dilampirkan.',
};

const section = en.project.interview as unknown as Record<string, unknown>;
const english = section.invitation;

beforeAll(async () => {
  ({ t, owner, visitor, candidates, emails } = await interviewsApp(1, 450));
  // Before anything of this file reads the texts (the catalogue keeps each text once read).
  section.invitation = STAND_IN;
});
afterAll(async () => {
  section.invitation = english;
  await t?.knex.destroy();
});

/** The emails to `to` with a calendar attachment, oldest first: subject, text and the .ics unfolded. */
async function calendarMails(to: string) {
  const rows = await t
    .knex('outbox_emails')
    .where('to', to.toLowerCase())
    .whereNotNull('attachments')
    .orderBy('id')
    .select('subject', 'text', 'attachments');
  return rows.map((r) => ({
    subject: r.subject as string,
    text: r.text as string,
    ics: String(r.attachments?.[0]?.content ?? '').replace(/\r\n[ \t]/g, ''),
  }));
}
const prop = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]?.trim();

describe('The calendar invitation in the catalogue’s words', () => {
  it('the English catalogue has every text of the invitation', () => {
    for (const key of Object.keys(STAND_IN))
      expect(
        typeof english === 'object' && english !== null && key in english,
        `project.interview.invitation.${key}`,
      ).toBe(true);
    expect(hasText('project.interview.invitation.title')).toBe(true);
  });

  it('titles the event, its email and its cancellation, for the candidate and the interviewer, from the catalogue', async () => {
    const project = await makeProject(t.knex, { title: 'Data Platform Lead' });
    const [candidate] = candidates;
    const email = emails.get(candidate) as string;
    await addToProject(t.knex, project, [candidate], STAGES.shortlist);
    const sent = await owner.post('/projects/candidate/interview/request', {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${candidate}`,
      requestAction: 'request_interview',
      scheduleData: JSON.stringify({
        interviewerName: 'Iman Interviewer',
        interviewerEmail: INTERVIEWER,
        type: 2,
        meetingLink: 'https://meet.example.com/i18n',
        duration: 45,
        timezone: 'Asia/Singapore',
        slots: [`${year}-04-07T10:00`],
      }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await runJobs(t);
    const { token } = await requestEmail(t.knex, email);
    const yes = await visitor.post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: token,
      accessValue: 'approve',
      responseMethod: 'email',
    });
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    await runJobs(t);
    await runJobs(t);

    for (const to of [email, INTERVIEWER]) {
      const [invite, ...more] = await calendarMails(to);
      expect(more, to).toEqual([]);
      expect(prop(invite.ics, 'METHOD')).toBe('REQUEST');
      expect(prop(invite.ics, 'SUMMARY'), to).toBe('Temu duga: Data Platform Lead');
      expect(prop(invite.ics, 'DESCRIPTION'), to).toBe('Temu duga untuk Data Platform Lead bersama Iman Interviewer.');
      expect(invite.subject, to).toBe('Jemputan: temu duga untuk Data Platform Lead');
      expect(invite.text, to).toMatch(
        /^Temu duga anda untuk Data Platform Lead pada .+\.\n\nJemputan kalendar dilampirkan\.$/,
      );
      expect(invite.text, to).not.toMatch(/Interview|invitation/);
    }

    // Rejecting the booked candidate cancels the event: the cancellation carries the invitation's own title.
    const move = await owner.post('/projects/recruitment', {
      projectId: `Project:${project.id}`,
      candidateId: [`Candidate:${candidate}`],
      recruitmentStatus: STAGES.rejected,
      rejectFormData: { reason: 'x' },
    });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    const cancels = (await calendarMails(INTERVIEWER)).filter((m) => prop(m.ics, 'METHOD') === 'CANCEL');
    expect(cancels).toHaveLength(1);
    expect(prop(cancels[0].ics, 'SUMMARY')).toBe('Temu duga: Data Platform Lead');
  });
});
