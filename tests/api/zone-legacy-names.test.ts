/**
 * A time zone given by its legacy IANA name, as Chromium reports some ('Asia/Calcutta' for India), is read, stored and
 * answered by its current name ('Asia/Kolkata'; schema/rules/zoneAliases.ts): the recruiter dashboard's `timeZone`, the
 * credit log's, an alert's zone and an interview schedule's. The current name is taken as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';

let t: TestApp;
let ownerToken: string;
let owner: Client;
let project: TestProject;
let candidate: number;

beforeAll(async () => {
  t = await testApp();
  ownerToken = await t.login('owner@acme.example.com');
  owner = client(t, ownerToken);
  project = await makeProject(t.knex, { advocateEmail: 'advocate@example.com' });
  [candidate] = await activeCandidates(t.knex, 1, { skip: 40 });
  await addToProject(t.knex, project, [candidate], 0);
});

const nextYear = new Date().getUTCFullYear() + 1;

describe('A zone named by its legacy IANA name', () => {
  it('is read by the recruiter dashboard and answered by its current name', async () => {
    for (const timeZone of ['Asia/Calcutta', 'asia/calcutta', 'Asia/Kolkata']) {
      const res = await owner.get(
        `/dashboard/recruiter?from=2026-12-05&to=2026-12-05&projectId=Project:${project.id}&timeZone=${encodeURIComponent(timeZone)}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.timeZone, timeZone).toBe('Asia/Kolkata');
    }
    const kiev = await owner.get(`/dashboard/recruiter?from=2026-12-05&to=2026-12-05&timeZone=Europe/Kiev`);
    expect(kiev.status, JSON.stringify(kiev.body)).toBe(200);
    expect(kiev.body.timeZone).toBe('Europe/Kyiv');
  });

  it("is stored as an alert's zone by its current name", async () => {
    const res = await owner.put(`/alerts/projects/Project:${project.id}`, { on: true, timeZone: 'Asia/Calcutta' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.timeZone).toBe('Asia/Kolkata');
    const row = await t.knex('alert_subscriptions').where('project_id', project.id).first();
    expect(row?.time_zone).toBe('Asia/Kolkata');
  });

  it("is stored as an interview schedule's zone by its current name", async () => {
    const res = await t.http
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
          timezone: 'Asia/Calcutta',
          slots: [`${nextYear}-03-02T10:00`],
        }),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await t.knex('interview_requests').where({ candidate_id: candidate }).first();
    expect(row?.schedule_data?.timezone).toBe('Asia/Kolkata');
  });
});
