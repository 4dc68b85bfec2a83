/**
 * A booked interview (an accepted request with a chosen time) holds the interviewer's time only while it stands:
 * rejecting its candidate cancels it (a METHOD:CANCEL email with the invitation's UID and a higher SEQUENCE) and frees
 * the time. Accepting when every proposed time has passed is refused (409), with no invitation. Bookings conflict when
 * their intervals overlap for the same interviewer on any project of the company. A used link answers its outcome only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../helpers/actors';
import type { TestApp } from '../helpers/app';
import { addToProject, interviewsApp, makeProject, requestEmail, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { PROJECT_STATUS, STAGES } from '../../schema/rules/pipeline';

let t: TestApp;
let owner: Client;
let visitor: Client;
let candidates: number[];
let emails: Map<number, string>;

const year = new Date().getUTCFullYear() + 1;
const schedule = (slots: string[], interviewerEmail: string, duration = 45) => ({
  interviewerName: 'Ivy Interviewer',
  interviewerEmail,
  type: 2,
  meetingLink: 'https://meet.example.com/booked-secret',
  duration,
  timezone: 'Asia/Singapore',
  slots,
});

beforeAll(async () => {
  ({ t, owner, visitor, candidates, emails } = await interviewsApp(9, 60));
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** Sends one interview request to each candidate in `project` and returns the tokens from their emails. */
async function requested(project: TestProject, ids: number[], scheduleData: Record<string, unknown>) {
  await addToProject(t.knex, project, ids, STAGES.shortlist);
  const res = await owner.post('/projects/candidate/interview/request', {
    projectId: `Project:${project.id}`,
    candidateId: ids.map((id) => `Candidate:${id}`),
    requestAction: 'request_interview',
    scheduleData: JSON.stringify(scheduleData),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  const tokens: string[] = [];
  for (const id of ids) tokens.push((await requestEmail(t.knex, emails.get(id) as string)).token);
  return tokens;
}

const answer = (token: string, accessValue: 'approve' | 'check', slot?: string) =>
  visitor.post('/projects/interview-request/check-and-approve', {
    interviewRequestToken: token,
    accessValue,
    responseMethod: 'email',
    ...(slot === undefined ? {} : { slot }),
  });

/** The calendar attachments emailed to `to` whose subject matches, in the order sent, unfolded. */
async function calendars(to: string, subject: string): Promise<string[]> {
  const rows = await t
    .knex('outbox_emails')
    .where('to', to)
    .where('subject', 'like', subject)
    .orderBy('id')
    .select('attachments');
  return rows.map((r) => String(r.attachments?.[0]?.content ?? '').replace(/\r\n[ \t]/g, ''));
}
const prop = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]?.trim();

describe('Booked interviews', () => {
  it('rejecting a booked candidate frees the time and emails the interviewer a cancellation', async () => {
    const project = await makeProject(t.knex, { title: 'Booking Release' });
    const T1 = `${year}-05-04T10:00`;
    const [a, b] = await requested(
      project,
      [candidates[0], candidates[1]],
      schedule([T1, `${year}-05-05T10:00`], 'ivy@acme.example.com'),
    );
    expect((await answer(a, 'approve', T1)).status).toBe(200);
    await runJobs(t);
    await runJobs(t);
    const [invite] = await calendars('ivy@acme.example.com', 'Invitation:%');
    expect(prop(invite, 'METHOD')).toBe('REQUEST');
    expect(prop(invite, 'SEQUENCE')).toBe('0');

    const move = await owner.post('/projects/recruitment', {
      projectId: `Project:${project.id}`,
      candidateId: [`Candidate:${candidates[0]}`],
      recruitmentStatus: STAGES.rejected,
      rejectFormData: { reason: 'x' },
    });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    const second = await answer(b, 'approve', T1);
    expect(second.status, JSON.stringify(second.body)).toBe(200);

    const cancels = (await calendars('ivy@acme.example.com', '%')).filter((ics) => prop(ics, 'METHOD') === 'CANCEL');
    expect(cancels).toHaveLength(1);
    expect(prop(cancels[0], 'UID')).toBe(prop(invite, 'UID'));
    expect(Number(prop(cancels[0], 'SEQUENCE'))).toBeGreaterThanOrEqual(1);
    expect(prop(cancels[0], 'STATUS')).toBe('CANCELLED');
    expect(prop(cancels[0], 'DTSTART')).toBe(prop(invite, 'DTSTART'));
  });

  it('refuses accepting once every proposed time has passed, and sends no invitation', async () => {
    const project = await makeProject(t.knex, { title: 'Booking Past', dateTimeSlots: [] });
    const [token] = await requested(
      project,
      [candidates[2]],
      schedule([`${year}-06-01T10:00`], 'pat@acme.example.com'),
    );
    await t
      .knex('interview_requests')
      .where({ project_id: project.id, candidate_id: candidates[2] })
      .update({ schedule_data: JSON.stringify(schedule([`${year - 3}-06-01T10:00`], 'pat@acme.example.com')) });
    await t
      .knex('projects')
      .where('id', project.id)
      .update({
        date_time_slots: JSON.stringify([{ date: `${year}-07-01`, startTime: '09:00', endTime: '10:00' }]),
      });
    const res = await answer(token, 'approve');
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe('project.errors.noTimeLeft');
    await runJobs(t);
    await runJobs(t);
    expect(await calendars(emails.get(candidates[2]) as string, 'Invitation:%')).toEqual([]);
    expect(await calendars('pat@acme.example.com', 'Invitation:%')).toEqual([]);
  });

  it('refuses overlapping times with the same interviewer, across the projects of one company', async () => {
    const project = await makeProject(t.knex, { title: 'Booking Overlap' });
    const [a] = await requested(
      project,
      [candidates[3]],
      schedule([`${year}-08-03T10:00`], 'olly@acme.example.com', 60),
    );
    const [b] = await requested(
      project,
      [candidates[4]],
      schedule([`${year}-08-03T10:30`], 'olly@acme.example.com', 60),
    );
    expect((await answer(a, 'approve')).status).toBe(200);
    const overlap = await answer(b, 'approve');
    expect(overlap.status, JSON.stringify(overlap.body)).toBe(409);
    expect(overlap.body.error.code).toBe('project.interview.errors.slotTaken');

    const other = await makeProject(t.knex, { title: 'Booking Overlap Two' });
    const [c] = await requested(other, [candidates[5]], schedule([`${year}-08-03T10:00`], 'Olly@acme.example.com', 60));
    const twice = await answer(c, 'approve');
    expect(twice.status, JSON.stringify(twice.body)).toBe(409);
    expect(twice.body.error.code).toBe('project.interview.errors.slotTaken');
  });

  it('answers a used link with its outcome only, after the project closed', async () => {
    const project = await makeProject(t.knex, { title: 'Booking Used' });
    const [token] = await requested(
      project,
      [candidates[6]],
      schedule([`${year}-09-01T10:00`], 'uma@acme.example.com'),
    );
    expect((await answer(token, 'approve')).status).toBe(200);
    await t.knex('projects').where('id', project.id).update({ status: PROJECT_STATUS.inactive });
    const res = await answer(token, 'check');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, isTokenUsed: true, state: 'approved' });
    const body = JSON.stringify(res.body);
    expect(body).not.toContain('meetingLink');
    expect(body).not.toContain('booked-secret');
    expect(body).not.toContain('Booking Used');
  });
});
