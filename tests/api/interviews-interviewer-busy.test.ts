/**
 * One interviewer, one interview at a time, however it was booked: a move to an interview stage with a schedule
 * (POST /projects/recruitment) of one proposed time, or a candidate accepting an interview request. The move keeps the
 * interview's start in `interview_scheduled_at` (not the move's time) and sends the candidate and the interviewer the calendar invitation
 * an accepted request sends; an acceptance clashing with a moved interview is refused (409 slotTaken on `slot`), a
 * move clashing with either kind of booking on any project of the company is refused (409 interviewerBusy on
 * `scheduleFormData.slots`), and two clashing moves at once cannot both win.
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
let other: TestProject;

const year = new Date().getUTCFullYear() + 1;
const OLIVIA = 'olivia@acme.example.com';
const schedule = (timezone: string, slot: string, duration: number, interviewerEmail = OLIVIA) => ({
  interviewerName: 'Olivia Tan',
  interviewerEmail,
  type: 2,
  meetingLink: 'https://meet.example.com/abc',
  duration,
  timezone,
  slots: [slot],
});

beforeAll(async () => {
  ({ t, owner, visitor, candidates, emails } = await interviewsApp(8, 120));
  project = await makeProject(t.knex, { title: 'Busy Interviewer Lead' });
  other = await makeProject(t.knex, { title: 'Busy Interviewer Second' });
  await addToProject(t.knex, project, candidates.slice(0, 6), 2);
  await addToProject(t.knex, other, candidates.slice(6), 2);
});
afterAll(async () => {
  await t?.knex.destroy();
});

const move = (p: TestProject, candidate: number | number[], scheduleFormData: Record<string, unknown>) =>
  owner.post('/projects/recruitment', {
    projectId: `Project:${p.id}`,
    candidateId: Array.isArray(candidate) ? candidate.map((c) => `Candidate:${c}`) : `Candidate:${candidate}`,
    recruitmentStatus: 3,
    scheduleFormData,
    confirmReveal: true,
  });

/** Sends `candidate` an interview request with `scheduleData` and answers the token from their email. */
async function requested(candidate: number, scheduleData: Record<string, unknown>): Promise<string> {
  const res = await owner.post('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: `Candidate:${candidate}`,
    requestAction: 'request_interview',
    scheduleData: JSON.stringify(scheduleData),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  return (await requestEmail(t.knex, emails.get(candidate) as string)).token;
}

const approve = (token: string, slot: string) =>
  visitor.post('/projects/interview-request/check-and-approve', {
    interviewRequestToken: token,
    accessValue: 'approve',
    responseMethod: 'email',
    slot,
  });

/** The DTSTART of the invitations emailed to `to`. */
async function invitationStarts(to: string): Promise<string[]> {
  const rows = await t
    .knex('outbox_emails')
    .where('to', to)
    .where('subject', 'like', 'Invitation:%')
    .orderBy('id')
    .select('attachments');
  return rows.map((r) => /DTSTART:(\S+)/.exec(r.attachments[0].content as string)?.[1] ?? '');
}

const stageOf = async (p: TestProject, candidate: number) =>
  (await t.knex('project_candidates').where({ project_id: p.id, candidate_id: candidate }).first('stage')).stage;

describe('An interviewer booked by a move to Interviewing', () => {
  it('keeps the interview start, invites the candidate and the interviewer, and refuses a clashing acceptance', async () => {
    // 23:30 on 13 March in New York (before the clocks go forward) is 04:30 UTC on the 14th, for 90 minutes.
    const moved = await move(project, candidates[0], schedule('America/New_York', `${year}-03-13T23:30`, 90));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const row = await t
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: candidates[0] })
      .first('interview_scheduled_at');
    expect(new Date(row.interview_scheduled_at).toISOString()).toBe(`${year}-03-14T04:30:00.000Z`);
    await runJobs(t);
    expect(await invitationStarts(emails.get(candidates[0]) as string)).toEqual([`${year}0314T043000Z`]);
    expect(await invitationStarts(OLIVIA)).toEqual([`${year}0314T043000Z`]);

    // 10:30 on 14 March in Kolkata is 05:00 UTC: inside the moved interview.
    const token = await requested(candidates[1], schedule('Asia/Kolkata', `${year}-03-14T10:30`, 45));
    const taken = await approve(token, `${year}-03-14T10:30`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(409);
    expect(taken.body.error.code).toBe('project.interview.errors.slotTaken');
    expect(taken.body.error.fields).toEqual({ slot: 'slot.errors.taken' });
    await runJobs(t);
    expect(await invitationStarts(emails.get(candidates[1]) as string)).toEqual([]);
    expect(await invitationStarts(OLIVIA)).toEqual([`${year}0314T043000Z`]);
  });

  it('refuses a move clashing with a moved interview or an accepted request, on any project of the company', async () => {
    const refused = (res: { status: number; body: { error?: { code: string; fields?: unknown } } }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error?.code).toBe('project.recruitment.errors.interviewerBusy');
      expect(res.body.error?.fields).toEqual({ 'scheduleFormData.slots': 'scheduleFormData.slots.errors.taken' });
    };
    // 05:00 UTC on the 14th, the moved interview's time, the interviewer's email typed in capitals.
    refused(await move(other, candidates[6], schedule('UTC', `${year}-03-14T05:00`, 30, 'Olivia@ACME.example.com')));
    expect(await stageOf(other, candidates[6])).toBe(2);

    // An accepted request at 10:30 on the 15th in Kolkata (05:00 to 05:45 UTC).
    const token = await requested(candidates[2], schedule('Asia/Kolkata', `${year}-03-15T10:30`, 45));
    expect((await approve(token, `${year}-03-15T10:30`)).status).toBe(200);
    refused(await move(other, candidates[6], schedule('UTC', `${year}-03-15T05:30`, 60)));
    refused(await move(project, candidates[3], schedule('UTC', `${year}-03-15T04:30`, 45)));
    expect(await stageOf(project, candidates[3])).toBe(2);

    // Another interviewer then, or Olivia once the interview has ended, is free.
    expect(
      (await move(other, candidates[6], schedule('UTC', `${year}-03-15T05:30`, 60, 'ivy@acme.example.com'))).status,
    ).toBe(200);
    expect((await move(project, candidates[3], schedule('UTC', `${year}-03-15T05:45`, 30))).status).toBe(200);
  });

  it('one schedule for several candidates at once would double-book the interviewer: refused', async () => {
    const res = await move(project, [candidates[4], candidates[5]], schedule('UTC', `${year}-04-01T09:00`, 30));
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe('project.recruitment.errors.interviewerBusy');
  });

  it('two moves booking the same time at once: one wins, the other is refused', async () => {
    const at = schedule('UTC', `${year}-04-02T09:00`, 30);
    const [a, b] = await Promise.all([move(project, candidates[4], at), move(project, candidates[5], at)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('several proposed times are options, not an interview: nothing is booked or sent', async () => {
    const options = {
      ...schedule('UTC', `${year}-05-01T09:00`, 60),
      slots: [`${year}-05-01T09:00`, `${year}-05-02T09:00`],
    };
    expect((await move(other, candidates[7], options)).status).toBe(200);
    await runJobs(t);
    expect(await invitationStarts(emails.get(candidates[7]) as string)).toEqual([]);
    // Olivia is still free at the first proposed time.
    const waiting = (await stageOf(project, candidates[4])) === 2 ? candidates[4] : candidates[5];
    expect((await move(project, waiting, schedule('UTC', `${year}-05-01T09:00`, 30))).status).toBe(200);
  });
});
