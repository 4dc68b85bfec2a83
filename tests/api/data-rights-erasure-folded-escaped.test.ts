/**
 * The erased person's name in mail to other people, however the mail stores it: a calendar invitation's lines are
 * folded at 75 octets (a name may be split by CRLF and a tab), and a mail's HTML part escapes an apostrophe
 * (O'Brien as O&#39;Brien). Siobhan O'Brien accepts an interview with an interviewer named on the request; the
 * interviewer gets the invitation and the company's owner the answer. Once she is erased, no mail in the outbox
 * holds her name, unfolded and unescaped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { candidateToErase, eraseAndSettle } from '../helpers/erasure';
import { addToProject, makeProject, requestEmail } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

const EMAIL = 'siobhan.obrien@folded.example.org';
const INTERVIEWER = 'ivor.quill-interviewer@acme.example.com';
const NAME = /siobhan\s*o'brien|o'brien\s*siobhan/i;

let t: TestApp;
let admin: string;
let id: number;

/** Every stored mail as its text, HTML and attachments read: folds undone, HTML entities decoded. */
async function outboxAsRead(): Promise<{ to: string; text: string }[]> {
  const rows = (await t.knex('outbox_emails').select('to', 'subject', 'text', 'html', 'attachments')) as {
    to: string;
    subject: string;
    text: string;
    html: string | null;
    attachments: { content: string }[] | null;
  }[];
  const read = (s: string) =>
    s
      .replace(/\r\n[ \t]/g, '')
      .replace(/&#(x?)([0-9a-f]+);/gi, (_, hex: string, n: string) => String.fromCharCode(parseInt(n, hex ? 16 : 10)))
      .replace(/&apos;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  return rows.map((r) => ({
    to: r.to,
    text: read([r.subject, r.text, r.html ?? '', ...(r.attachments ?? []).map((a) => a.content)].join('\n')),
  }));
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  id = await candidateToErase(t, admin, {
    ...{ firstName: 'Siobhan', lastName: "O'Brien", email: EMAIL, phone: '+65 8123 6401' },
    ...{ linkedInUrl: null, status: 1, visibility: true },
  });

  const owner = client(t, await t.login('owner@acme.example.com'));
  const project = await makeProject(t.knex, { title: 'Platform Reliability Lead' });
  await addToProject(t.knex, project, [id], 1);
  const year = new Date().getUTCFullYear() + 1;
  const scheduleData = {
    interviewerName: 'Ivor Quill',
    interviewerEmail: INTERVIEWER,
    type: 2,
    meetingLink: 'https://meet.example.com/xyz',
    duration: 30,
    timezone: 'Asia/Singapore',
    slots: [`${year}-05-06T11:00`],
  };
  const asked = await owner.post('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: `Candidate:${id}`,
    requestAction: 'request_interview',
    scheduleData: JSON.stringify(scheduleData),
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  await runJobs(t);
  const { token } = await requestEmail(t.knex, EMAIL);
  const accepted = await client(t).post('/projects/interview-request/check-and-approve', {
    interviewRequestToken: token,
    accessValue: 'approve',
    responseMethod: 'email',
    slot: scheduleData.slots[0],
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  await runJobs(t);
  await runJobs(t);

  // Before the erasure, other people's mail names her folded (the interviewer's invitation) and escaped (HTML).
  const others = (await outboxAsRead()).filter((m) => m.to !== EMAIL);
  expect(others.filter((m) => NAME.test(m.text)).map((m) => m.to)).toContain(INTERVIEWER);
  const invitation = await t.knex('outbox_emails').where('to', INTERVIEWER).whereNotNull('attachments').first();
  expect(invitation.attachments[0].content.replace(/\r\n[ \t]/g, '')).toMatch(NAME);
  expect(invitation.attachments[0].content).not.toMatch(NAME);
  expect(await t.knex('outbox_emails').where('html', 'like', '%O&#39;Brien%').count({ n: '*' })).not.toEqual([
    { n: 0 },
  ]);

  await eraseAndSettle(t, admin, id);
}, 180_000);

afterAll(async () => {
  await t?.knex.destroy();
});

describe('Erasing a person whose name is folded or escaped in mail to others', () => {
  it('leaves no mail naming them, once its folds are undone and its HTML decoded', async () => {
    const naming = (await outboxAsRead()).filter((m) => NAME.test(m.text));
    expect(naming.map((m) => `${m.to}: ${m.text.slice(0, 300)}`)).toEqual([]);
  });

  it('keeps the invitation to the interviewer, naming the erased candidate', async () => {
    const invitation = await t
      .knex('outbox_emails')
      .where({ to: INTERVIEWER, subject: 'Invitation: interview for Platform Reliability Lead' })
      .first('attachments');
    expect(invitation.attachments[0].content).toContain('BEGIN:VCALENDAR');
    expect(invitation.attachments[0].content).toContain('Erased candidate');
  });
});
