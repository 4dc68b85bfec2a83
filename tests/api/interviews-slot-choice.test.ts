/**
 * Accepting an interview request books the proposed time the candidate chooses, not the earliest one: with two
 * candidates sent the same two times, the second cannot book the time the first took (409 on `slot`) and books the
 * other; the invitations and the company's email carry the chosen starts. An acceptance without a valid time still
 * ahead from the request's list is refused on `slot`; a request with one proposed time books it by accepting; a request
 * without a schedule is accepted as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import { addToProject, interviewsApp, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let owner: Client;
let visitor: Client;
let candidates: number[];
let emails: Map<number, string>;
let project: TestProject;

const year = new Date().getUTCFullYear() + 1;
const FIRST = `${year}-03-02T10:00`;
const SECOND = `${year}-03-03T10:00`;
const schedule = (slots: string[], interviewerEmail = 'ivy@acme.example.com') => ({
  interviewerName: 'Ivy Interviewer',
  interviewerEmail,
  type: 2,
  meetingLink: 'https://meet.example.com/abc',
  duration: 45,
  timezone: 'Asia/Singapore',
  slots,
});

beforeAll(async () => {
  ({ t, owner, visitor, candidates, emails } = await interviewsApp(5, 50));
  project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com', title: 'Slot Choice Lead' });
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** Sends one interview request to each candidate and returns the tokens from their emails. */
async function requested(ids: number[], scheduleData?: Record<string, unknown>): Promise<string[]> {
  await addToProject(t.knex, project, ids, 0);
  const res = await owner.post('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: ids.map((id) => `Candidate:${id}`),
    requestAction: 'request_interview',
    ...(scheduleData ? { scheduleData: JSON.stringify(scheduleData) } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  const tokens: string[] = [];
  for (const id of ids) tokens.push((await requestEmail(t.knex, emails.get(id) as string)).token);
  return tokens;
}

const approve = (token: string, slot?: string) =>
  visitor.post('/projects/interview-request/check-and-approve', {
    interviewRequestToken: token,
    accessValue: 'approve',
    responseMethod: 'email',
    ...(slot === undefined ? {} : { slot }),
  });

/** The DTSTART of the invitations sent to `to`, in the order sent. */
async function invitationStarts(to: string): Promise<string[]> {
  const rows = await t
    .knex('outbox_emails')
    .where('to', to)
    .where('subject', 'like', 'Invitation:%')
    .orderBy('id')
    .select('attachments');
  return rows.map((r) => /DTSTART:(\S+)/.exec(r.attachments[0].content as string)?.[1] ?? '');
}

describe('Choosing a proposed time on accepting', () => {
  it('books the chosen time; a time another candidate took is refused with 409, the other is booked', async () => {
    const [a, b] = await requested([candidates[0], candidates[1]], schedule([FIRST, SECOND]));
    const check = await visitor.post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: a,
      accessValue: 'check',
    });
    expect(check.body.projectData.choosesTime).toBe(true);

    // More than one time: accepting names one of them, still ahead.
    const none = await approve(a);
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ slot: 'slot.errors.required' });
    const other = await approve(a, `${year}-03-05T10:00`);
    expect(other.status).toBe(400);
    expect(other.body.error.fields).toEqual({ slot: 'slot.errors.invalid' });
    const past = await approve(a, `${year - 2}-03-02T10:00`);
    expect(past.status).toBe(400);

    const first = await approve(a, SECOND);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.state).toBe('approved');

    const taken = await approve(b, SECOND);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('project.interview.errors.slotTaken');
    expect(taken.body.error.fields).toEqual({ slot: 'slot.errors.taken' });
    // The refusal changed nothing: the request is still open.
    const still = await visitor.post('/projects/interview-request/check-and-approve', {
      interviewRequestToken: b,
      accessValue: 'check',
    });
    expect(still.body).toMatchObject({ isTokenUsed: false, state: 'sent' });

    const second = await approve(b, FIRST);
    expect(second.status, JSON.stringify(second.body)).toBe(200);

    await runJobs(t);
    await runJobs(t);
    // 10:00 in Singapore is 02:00 UTC.
    expect(await invitationStarts(emails.get(candidates[0]) as string)).toEqual([`${year}0303T020000Z`]);
    expect(await invitationStarts(emails.get(candidates[1]) as string)).toEqual([`${year}0302T020000Z`]);
    expect((await invitationStarts('ivy@acme.example.com')).sort()).toEqual([
      `${year}0302T020000Z`,
      `${year}0303T020000Z`,
    ]);
    const scheduled = await t
      .knex('project_candidates')
      .where('project_id', project.id)
      .whereIn('candidate_id', [candidates[0], candidates[1]])
      .orderBy('candidate_id')
      .select('candidate_id', 'interview_scheduled_at');
    const byCandidate = new Map(
      scheduled.map((r) => [r.candidate_id, new Date(r.interview_scheduled_at).toISOString()]),
    );
    expect(byCandidate.get(candidates[0])).toBe(`${year}-03-03T02:00:00.000Z`);
    expect(byCandidate.get(candidates[1])).toBe(`${year}-03-02T02:00:00.000Z`);

    // The company's email of the answer names the chosen time.
    const told = await t
      .knex('outbox_emails')
      .where('to', 'owner@acme.example.com')
      .where('subject', 'like', '%accepted your interview request')
      .select('text');
    expect(told.some((m) => (m.text as string).includes(`3 Mar ${year}`))).toBe(true);
    expect(told.some((m) => (m.text as string).includes(`2 Mar ${year}`))).toBe(true);
    // So does the company's notification of it, in the schedule's zone.
    const titles = await t
      .knex('notifications')
      .where('title', 'like', '%accepted the interview request%')
      .where('title', 'like', `%booked for %${year}%`)
      .pluck('title');
    expect(titles.some((title: string) => title.includes(`3 Mar ${year}`) && title.includes('GMT+8'))).toBe(true);
  });

  it('books the one proposed time by accepting, and accepts a request without a schedule as before', async () => {
    const [one] = await requested([candidates[2]], schedule([`${year}-04-01T09:00`], 'ola@acme.example.com'));
    expect((await approve(one)).status).toBe(200);
    const [plain] = await requested([candidates[3]]);
    const res = await approve(plain);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.projectData.choosesTime).toBe(false);
    await runJobs(t);
    await runJobs(t);
    expect(await invitationStarts(emails.get(candidates[2]) as string)).toEqual([`${year}0401T010000Z`]);
  });
});
