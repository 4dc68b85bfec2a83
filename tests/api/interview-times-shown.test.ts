/**
 * When a booked interview starts is answered wherever the product shows the interview: the project board's card
 * (`interviewAt`, through the board's own gated read) and the admins' interview-request list (`interviewAt`, sortable),
 * as the instant the candidate's chosen time names in the schedule's zone; null where nothing is booked. A time the
 * clocks show twice (01:30 as London's go back) is its first occurrence (BST), as iCalendar and Google Calendar take it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_KIND, REQUEST_STATE, STAGES } from '../../schema/rules/pipeline';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

let t: TestApp;
let owner: Client;
let admin: Client;
let project: TestProject;
let ids: number[];

const schedule = (timezone: string, chosenSlot?: string) => ({
  interviewerName: 'Ivy Interviewer',
  interviewerEmail: 'ivy@acme.example.com',
  type: 2,
  meetingLink: 'https://meet.example.com/x',
  duration: 45,
  timezone,
  slots: [chosenSlot ?? '2027-03-20T10:00'],
  ...(chosenSlot ? { chosenSlot } : {}),
});

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  admin = client(t, await t.login('admin@example.com'));
  project = await makeProject(t.knex, { title: 'Interview times shown' });
  ids = await activeCandidates(t.knex, 4, { skip: 90 });
  await addToProject(t.knex, project, ids, STAGES.interviewing);
  const request = (candidate: number, state: number, data: object) => ({
    project_id: project.id,
    candidate_id: candidate,
    company_id: project.companyId,
    kind: REQUEST_KIND.interview,
    channel: 1,
    state,
    schedule_data: JSON.stringify(data),
    created_at: new Date(),
    expires_at: new Date(Date.now() + 3 * 86400_000),
  });
  await t
    .knex('interview_requests')
    .insert([
      request(ids[0], REQUEST_STATE.approved, schedule('Asia/Singapore', '2027-03-14T13:00')),
      request(ids[1], REQUEST_STATE.approved, schedule('Asia/Singapore', '2027-03-10T09:00')),
      request(ids[2], REQUEST_STATE.sent, schedule('Asia/Singapore')),
      request(ids[3], REQUEST_STATE.approved, schedule('Europe/London', '2027-10-31T01:30')),
    ]);
});
afterAll(() => t?.knex.destroy());

describe('When a booked interview starts', () => {
  it('is on the board’s card, as the chosen time in the schedule’s zone', async () => {
    const res = await owner.get(`/projects/tab/search?project_id=${project.id}&tab=${STAGES.interviewing}&pp=50`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const at = new Map(
      (res.body.docs as { id: string; interviewAt: string | null }[]).map((d) => [
        Number(d.id.replace(/\D/g, '')),
        d.interviewAt,
      ]),
    );
    expect(at.get(ids[0])).toBe('2027-03-14T05:00:00.000Z');
    expect(at.get(ids[1])).toBe('2027-03-10T01:00:00.000Z');
    expect(at.get(ids[2])).toBeNull();
    // 01:30 on the night London's clocks go back: the first 01:30 (BST, GMT+1), not the second.
    expect(at.get(ids[3])).toBe('2027-10-31T00:30:00.000Z');
  });

  it('is a sortable column of the admins’ interview-request list', async () => {
    const list = (dir: string) =>
      admin.get(`/dashboard/interview-request-list?projectId=Project:${project.id}&sortBy=interviewAt&sortDir=${dir}`);
    const asc = await list('asc');
    expect(asc.status, JSON.stringify(asc.body)).toBe(200);
    expect((asc.body.data as { interviewAt: string | null }[]).map((r) => r.interviewAt)).toEqual([
      '2027-03-10T01:00:00.000Z',
      '2027-03-14T05:00:00.000Z',
      '2027-10-31T00:30:00.000Z',
      null,
    ]);
    const desc = await list('desc');
    expect((desc.body.data as { interviewAt: string | null }[]).map((r) => r.interviewAt)).toEqual([
      '2027-10-31T00:30:00.000Z',
      '2027-03-14T05:00:00.000Z',
      '2027-03-10T01:00:00.000Z',
      null,
    ]);
  });
});
