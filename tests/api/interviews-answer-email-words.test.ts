/**
 * The email that tells a project's people how a candidate answered is written from the catalogue
 * (`portal.interviews.answeredEmail`), every line of it: the answer, the reasons, the candidate's own words and the
 * project's link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasText, t as text } from '../../i18n';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let owner: Client;
let visitor: Client;
let candidate: number;
let project: TestProject;
const E = 'portal.interviews.answeredEmail';

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  visitor = client(t);
  [candidate] = await activeCandidates(t.knex, 1, { skip: 40 });
  project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com', title: 'Words Lead' });
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe("The email about a candidate's answer", () => {
  it('has every line from the catalogue when the candidate declines with reasons and words of their own', async () => {
    for (const key of ['declined', 'declinedLine', 'reasons', 'theirWords', 'open', 'what.interview'])
      expect(hasText(`${E}.${key}`), key).toBe(true);

    await addToProject(t.knex, project, [candidate], 0);
    const sent = await owner.post('/projects/candidate/interview/request', {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${candidate}`,
      requestAction: 'request_interview',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await runJobs(t);
    const email = (await t.knex('candidates').where('id', candidate).first('email')).email as string;
    const { token } = await requestEmail(t.knex, email);
    const no = await visitor.post('/projects/interview-request/reject', {
      interviewRequestToken: token,
      userResponse: { reasons: ['salary', 'timing'], comment: 'Not this year' },
      responseMethod: 'email',
    });
    expect(no.status, JSON.stringify(no.body)).toBe(200);
    await runJobs(t);

    const what = text(`${E}.what.interview`);
    const [mail] = (await listOutbox(t.knex, 'owner@acme.example.com')).filter((m) => m.subject.endsWith(what));
    expect(mail, 'the owner is told').toBeDefined();
    const name = mail.subject.slice(0, -` declined your ${what}`.length);
    expect(mail.subject).toBe(text(`${E}.declined`, { name, what }));
    const reasons = ['salary', 'timing'].map((r) => text(`portal.interviews.reasons.${r}`)).join(', ');
    expect(mail.text.split('\n\n')).toEqual([
      text(`${E}.declinedLine`, { name, what, project: 'Words Lead' }),
      text(`${E}.reasons`, { reasons }),
      text(`${E}.theirWords`, { text: 'Not this year' }),
      text(`${E}.open`, { url: `${t.config.publicUrl}/project/Project:${project.id}` }),
    ]);
  });
});
