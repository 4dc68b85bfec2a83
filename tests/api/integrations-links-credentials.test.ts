/**
 * Linking projects to an ATS's jobs, and replacing refused credentials, with Workable's real client
 * against its stand-in: GET integrations/jobs/:id lists the company's projects with their job; one
 * job is linked to one project only (a second project is refused on jobId, naming the first, since
 * the sync would add its people to the first project's applications); and when Workable refuses the
 * stored token (rotated there), PUT integrations/credentials/:id verifies a new one and replaces it
 * in place: links kept, connected again, a sync queued. A wrong token, another company's integration,
 * a Member and a recorded kind are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { lastRun, people, type People } from '../helpers/ats/world';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { makeProject, type TestProject } from '../helpers/interviews';

let t: TestApp;
let ws: WorkableStandIn;
let p: People;
let integrationId: number;
let alpha: TestProject;
let beta: TestProject;

const link = (projectId: number, jobId: string | null) =>
  p.admin.put(`/integrations/project-job/${integrationId}`, { projectId, jobId });
const links = async () =>
  t
    .knex('integration_links')
    .where({ integration_id: integrationId, local_kind: 1 })
    .orderBy('local_id')
    .select('local_id', 'remote_id');

beforeAll(async () => {
  t = await testApp();
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
  const added = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  integrationId = added.body.id;
  await runJobs(t); // the first sync pulls the open jobs
  alpha = await makeProject(t.knex, { title: 'Alpha backend hires' });
  beta = await makeProject(t.knex, { title: 'Beta backend hires' });
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe('Linking projects to jobs', () => {
  it("lists the company's projects, each with the job it is linked to", async () => {
    expect((await link(alpha.id, 'BE01')).status).toBe(200);
    const res = await p.admin.get(`/integrations/jobs/${integrationId}`);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.projects.map((r: { projectId: number }) => [r.projectId, r]));
    expect(byId.get(alpha.id)).toMatchObject({
      projectTitle: 'Alpha backend hires',
      jobId: 'BE01',
      jobTitle: 'Backend Engineer',
      jobOpen: true,
    });
    expect(byId.get(beta.id)).toMatchObject({ projectTitle: 'Beta backend hires', jobId: null });
  });

  it('refuses a job already linked to another project, naming that project, and keeps both links as they were', async () => {
    const res = await link(beta.id, 'BE01');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ jobId: 'jobId.errors.linkedElsewhere' });
    expect(res.body.error.message).toContain('Alpha backend hires');
    expect(res.body.error.linkedProject).toMatchObject({ id: alpha.id, title: 'Alpha backend hires' });
    expect(await links()).toEqual([{ local_id: alpha.id, remote_id: 'BE01' }]);
  });

  it('still lets the same project be saved with its job again, another job be linked, and a job freed be taken', async () => {
    expect((await link(alpha.id, 'BE01')).status).toBe(200);
    expect((await link(beta.id, 'FE02')).status).toBe(200);
    expect((await link(alpha.id, null)).status).toBe(200);
    expect((await link(beta.id, 'BE01')).status).toBe(200);
    expect(await links()).toEqual([{ local_id: beta.id, remote_id: 'BE01' }]);
    expect((await link(alpha.id, 'FE02')).status).toBe(200);
  });
});

describe('Replacing credentials Workable refused', () => {
  beforeAll(async () => {
    ws.token = 'workable-token-rotated';
    expect((await p.admin.put(`/integrations/manual/sync/${integrationId}`)).status).toBe(200);
    await runJobs(t);
    expect((await t.knex('integrations').where('id', integrationId).first('status')).status).toBe(3);
  });

  it('answers "API key invalid" on the field for a token Workable refuses, and changes nothing', async () => {
    const before = await t.knex('integrations').where('id', integrationId).first('credentials', 'status');
    const res = await p.admin.put(`/integrations/credentials/${integrationId}`, { apiKey: 'still-wrong' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ apiKey: 'apiKey.errors.invalid' });
    expect(await t.knex('integrations').where('id', integrationId).first('credentials', 'status')).toEqual(before);
    const missing = await p.admin.put(`/integrations/credentials/${integrationId}`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ apiKey: 'apiKey.errors.required' });
  });

  it("is not found for another company's integration, and refused to a Member", async () => {
    expect((await p.otherCompany.put(`/integrations/credentials/${integrationId}`, { apiKey: ws.token })).status).toBe(
      404,
    );
    expect((await p.member.put(`/integrations/credentials/${integrationId}`, { apiKey: ws.token })).status).toBe(403);
    expect((await t.knex('integrations').where('id', integrationId).first('status')).status).toBe(3);
  });

  it('replaces the token in place: the same integration, connected again, its links kept, and the next sync gets through', async () => {
    const kept = await links();
    const res = await p.admin.put(`/integrations/credentials/${integrationId}`, { apiKey: ws.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: integrationId, status: 'connected', account: 'acme' });
    expect(JSON.stringify(res.body)).not.toContain(ws.token);
    expect(await links()).toEqual(kept);
    expect(await t.knex('integrations').where('kind', 'workable').count({ n: '*' })).toEqual([{ n: 1 }]);
    await runJobs(t); // the sync it queued
    expect(await lastRun(t, integrationId)).toMatchObject({ status: 2, error: null });
    expect((await t.knex('integrations').where('id', integrationId).first('status')).status).toBe(1);
  });

  it('refuses a kind only recorded, which has no credentials', async () => {
    const other = await p.admin.post('/integrations/add', { kind: 'other', name: 'Homegrown' });
    expect(other.status).toBe(201);
    const res = await p.admin.put(`/integrations/credentials/${other.body.id}`, { apiKey: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('integrations.notConnected');
  });
});
