/**
 * A request after the company moved on, through the real calls: a move to rejected withdraws the candidate's open
 * requests in the project (the candidate's link then answers 410 `withdrawn`, and nobody is emailed nor invited), an
 * answer given just before the move is not followed by an invitation, an expired request gives the card its
 * "Request interview" back, and the answer page shows only the interview's times still ahead, for interview requests.
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
let visitor: Client;
let candidates: number[];
const year = new Date().getUTCFullYear() + 1;
const SCHEDULE = {
  interviewerName: 'Olivia Tan',
  interviewerEmail: 'olivia.withdrawn@acme.example.com',
  type: 2,
  meetingLink: 'https://meet.example.com/abc',
  duration: 45,
  timezone: 'Asia/Singapore',
  slots: [`${year}-03-02T10:00`, `${year}-03-03T10:00`],
};

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  visitor = client(t);
  candidates = await activeCandidates(t.knex, 6, { skip: 240 });
});
afterAll(async () => {
  await t?.knex.destroy();
});

const emailOf = async (id: number) => (await t.knex('candidates').where('id', id).first('email')).email as string;

/** Sends a request to a shortlisted, revealed candidate and returns the token from the email they received. */
async function requested(project: TestProject, candidate: number, body: Record<string, unknown> = {}) {
  await addToProject(t.knex, project, [candidate], STAGES.shortlist);
  await t.knex('project_candidates').where({ project_id: project.id }).update({ revealed_at: new Date() });
  const res = await owner.post('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: `Candidate:${candidate}`,
    requestAction: 'request_interview',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  const subject = body.requestAction === 'request_public' ? /A role for you/ : undefined;
  return requestEmail(t.knex, await emailOf(candidate), subject);
}

const rejectCandidate = (project: TestProject, candidate: number) =>
  owner.post('/projects/recruitment', {
    projectId: `Project:${project.id}`,
    candidateId: `Candidate:${candidate}`,
    recruitmentStatus: STAGES.rejected,
    rejectFormData: { reason: 'Not a fit' },
  });

const answer = (token: string, accessValue: 'approve' | 'check' = 'approve') =>
  visitor.post('/projects/interview-request/check-and-approve', {
    interviewRequestToken: token,
    accessValue,
    responseMethod: 'email',
  });

/** Mails about the answer and invitations: to the owner, the interviewer and the candidate. */
async function answerMails(candidate: number) {
  const subjects = [
    ...(await listOutbox(t.knex, 'owner@acme.example.com', 200)),
    ...(await listOutbox(t.knex, SCHEDULE.interviewerEmail, 200)),
    ...(await listOutbox(t.knex, await emailOf(candidate), 200)),
  ].map((m) => m.subject);
  return subjects.filter((s) => /accepted|Invitation/.test(s));
}

describe('A candidate the company rejected', () => {
  it('can no longer accept an open request: the link says it was withdrawn, and nobody is emailed or invited', async () => {
    const project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com' });
    const candidate = candidates[0];
    const { token } = await requested(project, candidate, { scheduleData: JSON.stringify(SCHEDULE) });
    const before = await answerMails(candidate);

    const move = await rejectCandidate(project, candidate);
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    const check = await answer(token, 'check');
    expect(check.status, JSON.stringify(check.body)).toBe(410);
    expect(check.body.error.code).toBe('project.interview.errors.withdrawn');
    const yes = await answer(token);
    expect(yes.status, JSON.stringify(yes.body)).toBe(410);
    expect(yes.body.error.code).toBe('project.interview.errors.withdrawn');
    expect(yes.body.error.message).toMatch(/withdrawn this request/);

    await runJobs(t);
    expect(await answerMails(candidate)).toEqual(before);
    const row = await t.knex('interview_requests').where({ project_id: project.id, candidate_id: candidate }).first();
    expect(row).toMatchObject({ state: 3, answered_at: null });
    const pc = await t
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: candidate })
      .first('interview_scheduled_at');
    expect(pc.interview_scheduled_at).toBeNull();
  });

  it('who accepted just before the move is sent no invitation', async () => {
    const project = await makeProject(t.knex);
    const candidate = candidates[1];
    const { token } = await requested(project, candidate, { scheduleData: JSON.stringify(SCHEDULE) });
    const before = await answerMails(candidate);
    // Of the two proposed times, the candidate books the first.
    const accepted = await visitor.post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: token,
      accessValue: 'approve',
      slot: SCHEDULE.slots[0],
    });
    expect(accepted.status).toBe(200);
    expect((await rejectCandidate(project, candidate)).status).toBe(200);
    await runJobs(t);
    expect(await answerMails(candidate)).toEqual(before);
  });
});

describe('An expired request', () => {
  it('gives the card its "Request interview" and "Send job description" back, and a new request is accepted', async () => {
    const project = await makeProject(t.knex);
    const candidate = candidates[2];
    const { token } = await requested(project, candidate);
    const jd = await requested(project, candidate, { requestAction: 'request_public' });
    await t
      .knex('interview_requests')
      .where({ project_id: project.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await answer(token, 'check')).status).toBe(410);
    expect((await answer(jd.token, 'check')).status).toBe(410);

    const tab = await owner.get(`/projects/tab/search?project_id=Project:${project.id}&tab=${STAGES.shortlist}`);
    expect(tab.status).toBe(200);
    const doc = tab.body.docs.find((d: { id: string }) => d.id === `Candidate:${candidate}`);
    expect(doc).toMatchObject({ projectInterviewRequested: false, projectWhiteListRequested: false });
    expect(doc.interviewRequest).toMatchObject({ state: 'expired' });

    await requested(project, candidate);
    const again = await owner.get(`/projects/tab/search?project_id=Project:${project.id}&tab=${STAGES.shortlist}`);
    const fresh = again.body.docs.find((d: { id: string }) => d.id === `Candidate:${candidate}`);
    expect(fresh).toMatchObject({ projectInterviewRequested: true, projectWhiteListRequested: false });
  });
});

describe("The answer page's times", () => {
  const slots = [
    { date: `${year - 2}-03-02`, startTime: '10:00', endTime: '11:00' },
    { date: `${year}-03-02`, startTime: '10:00', endTime: '11:00' },
  ];

  it("shows only the project's slots still ahead, with no zone named, on an interview request sent without a schedule", async () => {
    const project = await makeProject(t.knex, { dateTimeSlots: slots });
    const candidate = candidates[3];
    const { token } = await requested(project, candidate);
    const check = await answer(token, 'check');
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.projectData.timeSlots).toEqual([slots[1]]);
    expect(check.body.projectData.interviewDetails).toBeNull();
  });

  it('shows no interview times on a job description, and never a stage schedule written after the send', async () => {
    const project = await makeProject(t.knex, { dateTimeSlots: slots });
    const candidate = candidates[4];
    const { token } = await requested(project, candidate, { requestAction: 'request_public' });
    await t
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: candidate })
      .update({ schedule_data: JSON.stringify(SCHEDULE) });
    const check = await answer(token, 'check');
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.projectData).toMatchObject({ kind: 'whitelist', timeSlots: [], interviewDetails: null });
  });

  it("drops a request's own proposed times once they are past", async () => {
    const project = await makeProject(t.knex);
    const candidate = candidates[5];
    const past = { ...SCHEDULE, slots: [`${year}-03-02T10:00`] };
    const { token } = await requested(project, candidate, { scheduleData: JSON.stringify(SCHEDULE) });
    // The time the request proposed has passed since (a request row written long ago).
    await t
      .knex('interview_requests')
      .where({ project_id: project.id })
      .update({ schedule_data: JSON.stringify({ ...past, slots: [`${year - 2}-03-02T10:00`, ...past.slots] }) });
    const check = await answer(token, 'check');
    expect(check.body.projectData.timeSlots).toEqual([{ date: `${year}-03-02`, startTime: '10:00', endTime: '10:45' }]);
  });
});
