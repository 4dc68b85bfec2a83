/**
 * A proposed interview time the clocks skip (02:30 on the morning New York moves to daylight
 * saving) is refused on its slot, not moved an hour earlier; the times either side are taken.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

let t: TestApp;
let ownerToken: string;
let project: TestProject;
let candidate: number;

beforeAll(async () => {
  t = await testApp();
  ownerToken = await t.login('owner@acme.example.com');
  project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com' });
  [candidate] = await activeCandidates(t.knex, 1, { skip: 30 });
  await addToProject(t.knex, project, [candidate], 0);
});

/** Next year's second Sunday of March, when New York's clocks go from 02:00 to 03:00. */
function springForward(): string {
  const year = new Date().getUTCFullYear() + 1;
  const first = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  return `${year}-03-${String(1 + ((7 - first) % 7) + 7).padStart(2, '0')}`;
}

const request = (slots: string[]) =>
  t.http
    .post('/api/v1/projects/candidate/interview/request')
    .set('Authorization', `Bearer ${ownerToken}`)
    .field('projectId', `Project:${project.id}`)
    .field('candidateId', `Candidate:${candidate}`)
    .field('requestAction', 'request_interview')
    .field(
      'scheduleData',
      JSON.stringify({
        interviewerName: 'Ivy Interviewer',
        interviewerEmail: 'ivy@acme.example.com',
        type: 2,
        meetingLink: 'meet.example.com/abc',
        duration: 45,
        timezone: 'America/New_York',
        slots,
      }),
    );

describe('Proposed interview times across a daylight-saving change', () => {
  it('refuses a time the clocks skip, on its slot, and takes the times either side', async () => {
    const day = springForward();
    const skipped = await request([`${day}T01:30`, `${day}T02:30`]);
    expect(skipped.status).toBe(400);
    expect(skipped.body.error.fields).toEqual({ 'scheduleData.slots.1': 'scheduleData.slots.errors.skipped' });
    expect(await t.knex('interview_requests').where({ candidate_id: candidate }).first()).toBeUndefined();

    const ok = await request([`${day}T01:30`, `${day}T03:30`]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});
