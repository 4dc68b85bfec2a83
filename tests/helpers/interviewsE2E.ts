/**
 * Interview requests for the browser tests, sent through the running app's API the way the company's screen sends
 * them, and answered from the emailed links the way a candidate's email client opens them.
 */
import { expect } from 'vitest';
import type { E2E } from './e2e';
import { addToProject, makeProject, requestEmail, type TestProject } from './interviews';
import { runJobs } from './jobs';

/** The owner (`ownerToken`) puts `candidates` in `project`'s pipeline and sends each an interview request (no times). */
export async function interviewRequested(e2e: E2E, ownerToken: string, project: TestProject, candidates: number[]) {
  await addToProject(e2e.db.knex, project, candidates, 0);
  const res = await fetch(`${e2e.baseUrl}/api/v1/projects/candidate/interview/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({
      projectId: `Project:${project.id}`,
      candidateId: candidates.map((c) => `Candidate:${c}`),
      requestAction: 'request_interview',
    }),
  });
  expect(res.status, await res.text()).toBe(201);
  await runJobs({ url: e2e.db.url, config: e2e.config });
}

export interface SecondCandidateOptions {
  /** The times proposed to both candidates ('YYYY-MM-DDTHH:mm' in Singapore). */
  slots: string[];
  /** The time the first candidate books; the first of `slots` unless told. */
  booked?: string;
  /** The interviewer's address; bookings of one interviewer conflict across the company's projects. */
  interviewerEmail?: string;
}

/**
 * A project whose two candidates were sent the same times by the owner (`ownerToken`); the first booked one.
 * Answers the other's answer link (path and query) and address.
 */
export async function secondCandidateLink(
  e2e: E2E,
  ownerToken: string,
  title: string,
  candidates: number[],
  { slots, booked = slots[0], interviewerEmail = 'ivy@acme.example.com' }: SecondCandidateOptions,
): Promise<{ path: string; email: string }> {
  const project = await makeProject(e2e.db.knex, { title, advocateEmail: 'advocate@example.com' });
  await addToProject(e2e.db.knex, project, candidates, 0);
  const res = await fetch(`${e2e.baseUrl}/api/v1/projects/candidate/interview/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({
      projectId: `Project:${project.id}`,
      candidateId: candidates.map((c) => `Candidate:${c}`),
      requestAction: 'request_interview',
      scheduleData: JSON.stringify({
        interviewerName: 'Ivy Interviewer',
        interviewerEmail,
        type: 2,
        meetingLink: 'https://meet.example.com/abc',
        duration: 45,
        timezone: 'Asia/Singapore',
        slots,
      }),
    }),
  });
  expect(res.status, await res.text()).toBe(201);
  await runJobs({ url: e2e.db.url, config: e2e.config });
  const [first, second] = await Promise.all(
    candidates.map(async (c) => (await e2e.db.knex('candidates').where('id', c).first('email')).email as string),
  );
  const answer = await fetch(`${e2e.baseUrl}/api/v1/projects/interview-request/check-and-approve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      interviewRequestToken: (await requestEmail(e2e.db.knex, first)).token,
      accessValue: 'approve',
      slot: booked,
    }),
  });
  expect(answer.status).toBe(200);
  const link = new URL((await requestEmail(e2e.db.knex, second)).approveUrl);
  return { path: `${link.pathname}${link.search}`, email: second };
}

/** The times an interview request proposes: their zone, the interview's length in minutes, and 'YYYY-MM-DDTHH:mm's. */
export interface ProposedTimes {
  timezone: string;
  duration: number;
  slots: string[];
}

/**
 * Puts `candidate` in `project`'s pipeline, and the owner, signed in through the browser (no page opened), sends it a
 * video interview request with Ivy Interviewer proposing `times`. Runs the jobs so the email goes out, and answers the
 * emailed answer link's path and query.
 */
export async function emailedAnswerPath(
  e2e: E2E,
  project: TestProject,
  candidate: number,
  times: ProposedTimes,
): Promise<string> {
  await addToProject(e2e.db.knex, project, [candidate], 0);
  const page = await e2e.signIn('owner@acme.example.com', undefined, null);
  const res = await page.request.post(`${e2e.baseUrl}/api/v1/projects/candidate/interview/request`, {
    headers: { origin: e2e.baseUrl },
    multipart: {
      projectId: `Project:${project.id}`,
      candidateId: `Candidate:${candidate}`,
      requestAction: 'request_interview',
      scheduleData: JSON.stringify({
        interviewerName: 'Ivy Interviewer',
        interviewerEmail: 'ivy@acme.example.com',
        type: 2,
        meetingLink: 'meet.example.com/abc',
        ...times,
      }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.close();
  await runJobs({ url: e2e.db.url, config: e2e.config });
  const email = (await e2e.db.knex('candidates').where('id', candidate).first('email')).email as string;
  const link = new URL((await requestEmail(e2e.db.knex, email)).approveUrl);
  return `${link.pathname}${link.search}`;
}
