/**
 * Answers that reach a project no longer open, and who is told of an answer (spec sections 4 and 7),
 * through the real public calls with the token read from the emailed link: a request of a suspended
 * company or a closed project is refused with 409 and changes nothing; the answer's email goes to
 * those the in-app notice reaches (active people of an active company whose board shows the
 * candidate, the active advocate), naming the candidate as each one's board does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let owner: Client;
let admin: Client;
let visitor: Client;
let candidates: number[];
let emails: Map<number, string>;

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  admin = client(t, await t.login('admin@example.com'));
  visitor = client(t);
  candidates = await activeCandidates(t.knex, 4, { skip: 40 });
  emails = new Map(
    (await t.knex('candidates').whereIn('id', candidates).select('id', 'email')).map((r) => [r.id, r.email]),
  );
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** `sender` sends a request to `candidate` (in `stage` of the project); the token from the email the candidate received. */
async function requested(
  sender: Client,
  onProject: TestProject,
  candidate: number,
  body: Record<string, unknown> = {},
  stage: number = STAGES.open,
) {
  await addToProject(t.knex, onProject, [candidate], stage);
  const res = await sender.post('/projects/candidate/interview/request', {
    projectId: `Project:${onProject.id}`,
    candidateId: `Candidate:${candidate}`,
    requestAction: 'request_interview',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  return (await requestEmail(t.knex, emails.get(candidate) as string)).token;
}

const answer = (token: string, accessValue: 'approve' | 'check') =>
  visitor.post('/projects/interview-request/check-and-approve', {
    interviewRequestToken: token,
    accessValue,
    responseMethod: 'email',
  });
const reject = (token: string) =>
  visitor.post('/projects/interview-request/reject', {
    interviewRequestToken: token,
    userResponse: { reasons: ['salary'] },
    responseMethod: 'email',
  });

const mailsTo = async (to: string, subject: RegExp) =>
  (await listOutbox(t.knex, to)).filter((m) => subject.test(m.subject));
const requestRow = (project: TestProject, candidate: number) =>
  t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidate }).first();

describe('Who is emailed the answer', () => {
  it('a deactivated project owner is not; the active company admin who reads the project and the advocate are', async () => {
    const member = client(t, await t.login('member@acme.example.com'));
    const project = await makeProject(t.knex, {
      ownerEmail: 'member@acme.example.com',
      advocateEmail: 'advocate@example.com',
      title: 'Quality Lead',
    });
    const token = await requested(member, project, candidates[0]);
    const memberId = project.ownerId as number;
    const off = await owner.put('/company-users/status', { users: [memberId], status: 2 });
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    expect((await answer(token, 'approve')).status).toBe(200);
    await runJobs(t);
    const accepted = /accepted your interview request/;
    expect(await mailsTo('member@acme.example.com', accepted)).toEqual([]);
    const ownerMails = await mailsTo('owner@acme.example.com', accepted);
    expect(ownerMails).toHaveLength(1);
    expect(ownerMails[0].text).toContain('Quality Lead');
    expect(await mailsTo('advocate@example.com', accepted)).toHaveLength(1);
  });

  it("a RaaS company's people are not told of a longlist candidate their board does not show; the advocate is", async () => {
    const advocate = client(t, await t.login('advocate@example.com'));
    const project = await makeProject(t.knex, {
      ownerEmail: 'owner@raas.example.com',
      advocateEmail: 'advocate@example.com',
      title: 'Growth Marketer',
    });
    await t.knex('projects').where('id', project.id).update({ project_type: 2, plan: 2 });
    const candidate = candidates[1];
    const token = await requested(advocate, project, candidate, { requestAction: 'request_public' }, STAGES.qualify);
    expect((await answer(token, 'approve')).status).toBe(200);
    await runJobs(t);

    const { first_name: first, last_name: last } = await t
      .knex('candidates')
      .where('id', candidate)
      .first('first_name', 'last_name');
    const raasPeople = (await t
      .knex('company_users')
      .where('company_id', project.companyId)
      .pluck('email')) as string[];
    expect(raasPeople).toContain('owner@raas.example.com');
    for (const to of raasPeople) {
      const mails = await listOutbox(t.knex, to);
      expect(mails.filter((m) => /job description/.test(m.subject))).toEqual([]);
      for (const m of mails) expect(`${m.subject} ${m.text}`).not.toContain(`${first} ${last}`);
    }
    const advocateMails = await mailsTo('advocate@example.com', /accepted your job description/);
    expect(advocateMails).toHaveLength(1);
    expect(advocateMails[0].text).toContain('Growth Marketer');
  });
});

describe('A request whose project is no longer open', () => {
  it('is refused with 409 once the project is closed: no answer, no invitation, no email', async () => {
    const project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com', title: 'Closed Role' });
    const year = new Date().getUTCFullYear() + 1;
    const scheduleData = {
      interviewerName: 'Cleo',
      interviewerEmail: 'cleo@acme.example.com',
      type: 2,
      meetingLink: 'https://meet.example.com/c',
      duration: 30,
      timezone: 'UTC',
      slots: [`${year}-04-01T09:00`],
    };
    const token = await requested(owner, project, candidates[2], { scheduleData: JSON.stringify(scheduleData) });
    const closed = await owner.put('/projects', { keys: [`Project:${project.id}`], status: 3 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    for (const res of [await answer(token, 'check'), await answer(token, 'approve')]) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('project.interview.errors.projectClosed');
      expect(res.body.error.message).toMatch(/no longer open/);
    }
    await runJobs(t);
    expect(await requestRow(project, candidates[2])).toMatchObject({ state: 0, answered_at: null });
    const row = await t.knex('project_candidates').where({ project_id: project.id, candidate_id: candidates[2] });
    expect(row[0].interview_scheduled_at).toBeNull();
    expect(await mailsTo('cleo@acme.example.com', /Invitation/)).toEqual([]);
    expect(await mailsTo(emails.get(candidates[2]) as string, /Invitation/)).toEqual([]);
    for (const to of ['owner@acme.example.com', 'advocate@example.com'])
      expect((await mailsTo(to, /your interview request/)).filter((m) => m.text.includes('Closed Role'))).toEqual([]);
  });

  it('is refused with 409 once the admin suspends the company: nothing changes and nobody is told', async () => {
    const project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com', title: 'Suspended Role' });
    const token = await requested(owner, project, candidates[3]);
    const suspend = await admin.put('/companies/status', { ids: [`Company:${project.companyId}`], status: 2 });
    expect(suspend.status, JSON.stringify(suspend.body)).toBe(200);

    const res = await reject(token);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe('project.interview.errors.projectClosed');
    await runJobs(t);
    expect(await requestRow(project, candidates[3])).toMatchObject({ state: 0, answered_at: null, reject_text: null });
    for (const to of ['owner@acme.example.com', 'advocate@example.com'])
      expect(await mailsTo(to, /declined your interview request/)).toEqual([]);
    expect(
      await t.knex('notifications').where('subject_key', `projectCandidate:${project.id}:${candidates[3]}`),
    ).toEqual([]);
  });
});
