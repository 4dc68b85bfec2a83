/**
 * An accepted interview's calendar invitation speaks the catalogue's words, as the rest of its email does: the event's
 * title (the .ics SUMMARY), its description, the subject and the lines of the email that carries it, to the candidate
 * and to the interviewer, and the title of the cancellation that later replaces it. The product's catalogue has one
 * language (English); the file puts a stand-in translation of the invitation's section in its place, so a text
 * written into the code instead of read from the catalogue shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, hasText, t as text } from '../../i18n';
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

/** The invitation's keys under project.interview.invitation. */
const KEYS = ['title', 'subject', 'description', 'descriptionWith', 'when', 'attached'];
const T = (key: string, values: Record<string, string> = {}) => text(`project.interview.invitation.${key}`, values);

const section = en.project.interview as unknown as Record<string, unknown>;
const english = section.invitation;

beforeAll(async () => {
  ({ t, owner, visitor, candidates, emails } = await interviewsApp(1, 450));
});
afterAll(async () => {
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
    for (const key of KEYS)
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
      expect(prop(invite.ics, 'SUMMARY'), to).toBe(T('title', { title: 'Data Platform Lead' }));
      expect(prop(invite.ics, 'DESCRIPTION'), to).toBe(
        T('descriptionWith', { title: 'Data Platform Lead', interviewer: 'Iman Interviewer' }),
      );
      expect(invite.subject, to).toBe(T('subject', { title: 'Data Platform Lead' }));
      const [when, attached] = invite.text.split('\n\n');
      expect(when, to).toMatch(/^.+ .+$/);
      expect(T('when', { title: 'Data Platform Lead', when: 'WHEN' }).split('WHEN')[0], to).toBe(
        when.slice(0, T('when', { title: 'Data Platform Lead', when: 'WHEN' }).indexOf('WHEN')),
      );
      expect(attached, to).toBe(T('attached'));
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
    expect(prop(cancels[0].ics, 'SUMMARY')).toBe(T('title', { title: 'Data Platform Lead' }));
  });
});
