/**
 * The interview request's free-form inputs kept to what the product knows: the answer's response
 * method is the channel the link came by (email or WhatsApp), never free text; a proposed schedule's
 * time zone is stored by its canonical name (the one the emails and pages then show) whatever its typed case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let owner: Client;
let visitor: Client;
let candidates: number[];
let project: TestProject;

const year = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  visitor = client(t);
  candidates = await activeCandidates(t.knex, 2, { skip: 70 });
  project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com', title: 'Zone Case Lead' });
});
afterAll(async () => {
  await t?.knex.destroy();
});

async function requested(candidate: number, timezone: string) {
  await addToProject(t.knex, project, [candidate], 0);
  const res = await owner.post('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: `Candidate:${candidate}`,
    requestAction: 'request_interview',
    scheduleData: JSON.stringify({
      interviewerName: 'Ivy Interviewer',
      interviewerEmail: 'ivy@acme.example.com',
      type: 2,
      meetingLink: 'https://meet.example.com/abc',
      duration: 45,
      timezone,
      slots: [`${year}-03-02T10:00`],
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  const email = (await t.knex('candidates').where('id', candidate).first('email')).email as string;
  return requestEmail(t.knex, email);
}

describe('The interview answer and schedule inputs', () => {
  it('A time zone typed in lower case is stored by its canonical name', async () => {
    await requested(candidates[0], 'asia/singapore');
    const row = await t.knex('interview_requests').where('candidate_id', candidates[0]).orderBy('id', 'desc').first();
    expect(row.schedule_data.timezone).toBe('Asia/Singapore');
  });

  it('A response method other than the channels is refused; email is taken', async () => {
    const { token } = await requested(candidates[1], 'Asia/Singapore');
    const answer = (responseMethod: string) =>
      visitor.post('/projects/interview-request/check-and-approve', {
        interviewRequestToken: token,
        accessValue: 'approve',
        responseMethod,
      });
    const pigeon = await answer('carrier-pigeon');
    expect(pigeon.status).toBe(400);
    expect(pigeon.body.error.fields).toEqual({ responseMethod: 'responseMethod.errors.invalid' });
    const refused = await visitor.post('/projects/interview-request/reject', {
      interviewRequestToken: token,
      userResponse: { reasons: ['salary'] },
      responseMethod: 'carrier-pigeon',
    });
    expect(refused.status).toBe(400);
    const row = await t.knex('interview_requests').where('candidate_id', candidates[1]).orderBy('id', 'desc').first();
    expect(row.response_method).toBeNull();
    const yes = await answer('email');
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body).toMatchObject({ state: 'approved' });
  });
});
