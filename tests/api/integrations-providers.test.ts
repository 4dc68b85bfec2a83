/**
 * Ashby and Greenhouse Harvest v3, each with its real client against its stand-in on loopback:
 * a wrong key refused with the spec's message, a connection that never answers a credential, two
 * syncs of which the second creates nothing, a stage change and a rejection followed to the ATS;
 * for Ashby a 429 waited out, for Greenhouse an expired token renewed through client credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import type { AshbyStandIn } from '../helpers/ats/ashby';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun, projectWith, setStage } from '../helpers/ats/world';
import { client, type Client } from '../helpers/actors';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ashby: AshbyStandIn;
let greenhouse: GreenhouseStandIn;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  [ashby, greenhouse] = await atsStandIns(t.config, ['ashby', 'greenhouse'], { maxRetryWaitMs: 5000, retries: 2 });
  admin = client(t, await t.login('owner@acme.example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const SHORTLIST = 2;
const INTERVIEWING = 3;
const REJECTED = 6;

async function linkAndSync(integrationId: number, projectId: number, jobId: string) {
  await runJobs(t);
  const linked = await admin.put(`/integrations/project-job/${integrationId}`, { projectId, jobId });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  await admin.put(`/integrations/manual/sync/${integrationId}`);
  await runJobs(t);
}

async function syncAgain(integrationId: number) {
  expect((await admin.put(`/integrations/manual/sync/${integrationId}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, integrationId);
}

describe('Ashby', () => {
  let id: number;
  let project: number;
  let candidates: number[];

  it('refuses a wrong API key with "API key invalid"', async () => {
    const res = await admin.post('/integrations/add', { kind: 'ashby', apiKey: 'wrong-key' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('API key invalid');
  });

  it('connects with the right key and never answers it', async () => {
    const res = await admin.post('/integrations/add', { kind: 'ashby', apiKey: ashby.apiKey });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(JSON.stringify(res.body)).not.toContain(ashby.apiKey);
    expect(JSON.stringify((await admin.get('/integrations/integration-list')).body)).not.toContain(ashby.apiKey);
    id = res.body.id;
  });

  it('pulls every page of open jobs and pushes shortlisted candidates as applications at the screen stage', async () => {
    ({
      project: { id: project },
      candidates,
    } = await projectWith(t, 'Platform hires', 2, SHORTLIST, 400));
    await linkAndSync(id, project, 'job-eng');
    const jobs = (await admin.get(`/integrations/jobs/${id}`)).body.jobs.map((j: { id: string }) => j.id).sort();
    expect(jobs).toEqual(['job-eng', 'job-ops', 'job-pm']);
    expect(ashby.applications.filter((a) => a.jobId === 'job-eng')).toHaveLength(2);
    expect(ashby.applications.every((a) => a.stageId === 'st-screen')).toBe(true);
    expect(await lastRun(t, id)).toMatchObject({ created: 2, failed: 0 });
  });

  it('creates nothing new when synced again', async () => {
    expect(await syncAgain(id)).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(ashby.candidates).toHaveLength(2);
  });

  it('follows a stage change and a rejection, waiting out a 429 on the way', async () => {
    await setStage(t, project, candidates[0], INTERVIEWING);
    await setStage(t, project, candidates[1], REJECTED);
    ashby.fail('POST', /^\/application\.changeStage$/, {
      status: 429,
      headers: { 'Retry-After': '1' },
      body: { success: false, errors: ['rate_limit_exceeded'] },
    });
    expect(await syncAgain(id)).toMatchObject({ created: 0, updated: 2, failed: 0 });
    const stages = ashby.applications.map((a) => a.stageId).sort();
    expect(stages).toEqual(['st-archived', 'st-onsite']);
    expect(ashby.applications.find((a) => a.stageId === 'st-archived')?.archiveReasonId).toBe('ar-1');
    expect(ashby.calls.some((c) => c.status === 429)).toBe(true);
  });
});

describe('Greenhouse Harvest v3', () => {
  let id: number;
  let project: number;
  let candidates: number[];

  it('asks for the client id and secret, and refuses a wrong secret with "API key invalid"', async () => {
    const empty = await admin.post('/integrations/greenhouse', {});
    expect(Object.keys(empty.body.error.fields).sort()).toEqual(['clientId', 'clientSecret']);
    const res = await admin.post('/integrations/greenhouse', { clientId: greenhouse.clientId, clientSecret: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('API key invalid');
  });

  it('connects with OAuth client credentials and never answers the secret', async () => {
    const res = await admin.post('/integrations/greenhouse', {
      clientId: greenhouse.clientId,
      clientSecret: greenhouse.clientSecret,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(JSON.stringify(res.body)).not.toContain(greenhouse.clientSecret);
    const row = await t.knex('integrations').where('id', res.body.id).first('credentials');
    expect(row.credentials).not.toContain(greenhouse.clientSecret);
    id = res.body.id;
  });

  it('follows the cursor through every page of jobs and pushes shortlisted candidates', async () => {
    ({
      project: { id: project },
      candidates,
    } = await projectWith(t, 'Mobile hires', 2, SHORTLIST, 420));
    await linkAndSync(id, project, '101');
    const jobs = (await admin.get(`/integrations/jobs/${id}`)).body.jobs.map((j: { id: string }) => j.id).sort();
    expect(jobs).toEqual(['101', '102', '103']);
    expect(greenhouse.applications.filter((a) => a.jobId === 101)).toHaveLength(2);
    expect(greenhouse.applications.every((a) => a.stageId === 1)).toBe(true);
  });

  it('creates nothing new when synced again', async () => {
    expect(await syncAgain(id)).toMatchObject({ created: 0, failed: 0 });
    expect(greenhouse.candidates).toHaveLength(2);
  });

  it('renews an expired token and follows a stage change and a rejection', async () => {
    await setStage(t, project, candidates[0], INTERVIEWING);
    await setStage(t, project, candidates[1], REJECTED);
    const before = greenhouse.tokensIssued;
    greenhouse.expireTokens();
    expect(await syncAgain(id)).toMatchObject({ created: 0, updated: 2, failed: 0, status: 2 });
    expect(greenhouse.tokensIssued).toBeGreaterThan(before);
    expect(greenhouse.applications.find((a) => a.stageId === 3)).toBeTruthy();
    expect(greenhouse.applications.filter((a) => a.rejected)).toHaveLength(1);
  });
});
