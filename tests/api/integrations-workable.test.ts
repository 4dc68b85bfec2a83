/**
 * ATS integrations, with Workable's real client against its stand-in on loopback: connecting
 * (a wrong key refused with the spec's message, the key sealed and never returned), who may call,
 * syncs that are idempotent, stage changes and rejections followed to the ATS, the visibility rule
 * on what is pushed, 429 / 500 / one refused record, refused credentials, and removal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs, runJobsOnce } from '../helpers/jobs';
import { lastRun, people, projectWith, setStage, type People } from '../helpers/ats/world';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { activeCandidates, addToProject } from '../helpers/interviews';

let t: TestApp;
let ws: WorkableStandIn;
let p: People;
let integrationId: number;

beforeAll(async () => {
  t = await testApp();
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 5000, retries: 2 });
  p = await people(t);
});
afterAll(async () => {
  await t?.knex.destroy();
});

const SHORTLIST = 2;
const INTERVIEWING = 3;
const REJECTED = 6;
const inJob = (job: string) => ws.candidates.filter((c) => c.job === job);

describe('Connecting Workable', () => {
  it('refuses a wrong API key with "API key invalid" and stores nothing', async () => {
    const res = await p.admin.post('/integrations/add', {
      kind: 'workable',
      subdomain: 'acme',
      apiKey: 'not-the-token',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('API key invalid');
    expect(res.body.error.fields).toEqual({ apiKey: 'apiKey.errors.invalid' });
    expect(await t.knex('integrations').select('id')).toEqual([]);
  });

  it('asks for the subdomain and the key by field', async () => {
    const res = await p.admin.post('/integrations/add', { kind: 'workable' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['apiKey', 'subdomain']);
  });

  it('connects with the right key, seals it at rest and never answers it', async () => {
    const res = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'workable',
      label: 'Workable',
      status: 'connected',
      account: 'acme',
      candidatesSynced: 0,
    });
    expect(JSON.stringify(res.body)).not.toContain(ws.token);
    integrationId = res.body.id;
    const row = await t.knex('integrations').where('id', integrationId).first();
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain(ws.token);
    expect((await t.knex('companies').where('id', row.company_id).first('ats')).ats).toBe('Workable');
    const list = await p.admin.get('/integrations/integration-list');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(ws.token);
    expect(list.body.kinds.find((k: { key: string }) => k.key === 'workable').integration.status).toBe('connected');
  });

  it('lists the 19 kinds alphabetically with Other last', async () => {
    const { kinds } = (await p.admin.get('/integrations/integration-list')).body as { kinds: { label: string }[] };
    const labels = kinds.map((k) => k.label);
    expect(labels).toHaveLength(19);
    expect(labels.at(-1)).toBe('Other');
    expect(labels.slice(0, -1)).toEqual(
      [...labels.slice(0, -1)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
  });

  it('refuses the same ATS twice with "already added"', async () => {
    const res = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('This ATS is already added');
  });

  it('pulls the open jobs, every page, in the first sync', async () => {
    await runJobs(t);
    const jobs = await p.admin.get(`/integrations/jobs/${integrationId}`);
    expect(jobs.status).toBe(200);
    expect(jobs.body.jobs.map((j: { id: string }) => j.id).sort()).toEqual(['BE01', 'DS03', 'FE02']);
    expect(ws.calls.filter((c) => c.path.includes('/jobs?')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('Who may call', () => {
  const calls = (id: number) =>
    [
      (c: People['admin']) => c.get('/integrations/integration-list'),
      (c: People['admin']) => c.post('/integrations/add', { kind: 'bamboohr' }),
      (c: People['admin']) => c.put(`/integrations/manual/sync/${id}`),
      (c: People['admin']) => c.get(`/integrations/run-log/${id}`),
      (c: People['admin']) => c.get(`/integrations/jobs/${id}`),
      (c: People['admin']) => c.put(`/integrations/project-job/${id}`, { projectId: 1, jobId: null }),
      (c: People['admin']) => c.delete(`/integrations/remove/${id}`),
    ] as const;

  it('refuses a Member, a RaaS company and a platform admin every call', async () => {
    for (const who of [p.member, p.raas, p.platform])
      for (const [i, call] of calls(integrationId).entries()) {
        const res = await call(who);
        expect(res.status, `call ${i}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain(ws.token);
      }
  });

  it("gives another company's Admin nothing of Acme's integration", async () => {
    for (const [i, call] of calls(integrationId).slice(2).entries()) {
      const res = await call(p.otherCompany);
      expect(res.status, `call ${i}`).toBe(404);
    }
    const list = await p.otherCompany.get('/integrations/integration-list');
    expect(list.body.kinds.every((k: { integration: unknown }) => k.integration === null)).toBe(true);
    expect(await t.knex('integrations').where('id', integrationId).first('id')).toBeTruthy();
  });
});

describe('Syncing', () => {
  let project: number;
  let named: number[];
  let anonymous: number;

  beforeAll(async () => {
    const made = await projectWith(t, 'Backend hires', 2, SHORTLIST, 300);
    project = made.project.id;
    named = made.candidates;
    [anonymous] = await activeCandidates(t.knex, 1, { skip: 310 });
    await t.knex('candidates').where('id', anonymous).update({ anonymous: true });
    await addToProject(t.knex, made.project, [anonymous], SHORTLIST);
    const [qualifying] = await activeCandidates(t.knex, 1, { skip: 320 });
    await addToProject(t.knex, made.project, [qualifying], 1);
    const linked = await p.admin.put(`/integrations/project-job/${integrationId}`, {
      projectId: project,
      jobId: 'BE01',
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  });

  it('refuses a job the ATS does not have open, and a project of another company', async () => {
    expect(
      (await p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project, jobId: 'OLD9' })).body
        .error.fields,
    ).toEqual({
      jobId: 'jobId.errors.notFound',
    });
    const globexProject = await t
      .knex('projects')
      .whereNot('company_id', (await t.knex('projects').where('id', project).first('company_id')).company_id)
      .whereNotNull('company_id')
      .first('id');
    if (globexProject)
      expect(
        (
          await p.admin.put(`/integrations/project-job/${integrationId}`, {
            projectId: globexProject.id,
            jobId: 'BE01',
          })
        ).status,
      ).toBe(400);
  });

  it('pushes shortlisted candidates the company sees as sourced applications, and skips an anonymous one not yet revealed', async () => {
    expect((await p.admin.put(`/integrations/manual/sync/${integrationId}`)).status).toBe(200);
    await runJobs(t);
    expect(inJob('BE01')).toHaveLength(2);
    expect(inJob('BE01').every((c) => c.sourced && c.stage === 'shortlisted')).toBe(true);
    const anonymousEmail = (await t.knex('candidates').where('id', anonymous).first('email')).email;
    expect(ws.candidates.some((c) => c.candidate.email === anonymousEmail)).toBe(false);
    const run = await lastRun(t, integrationId);
    expect(run).toMatchObject({ created: 2, updated: 0, skipped: 1, failed: 0, status: 2 });
    expect(run.entries.find((e: { outcome: string }) => e.outcome === 'skipped')).toMatchObject({
      candidate: null,
      reason: 'Not revealed to your company yet',
    });
    const list = await p.admin.get('/integrations/integration-list');
    const workable = list.body.kinds.find((k: { key: string }) => k.key === 'workable').integration;
    expect(workable.candidatesSynced).toBe(2);
    expect(workable.lastSyncedAt).toBeTruthy();
  });

  it('creates nothing new when synced again', async () => {
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    expect(inJob('BE01')).toHaveLength(2);
    expect(await lastRun(t, integrationId)).toMatchObject({ created: 0, updated: 0, failed: 0 });
  });

  it('follows a stage change and a rejection to the ATS', async () => {
    const emails = await t.knex('candidates').whereIn('id', named).orderBy('id').pluck('email');
    await setStage(t, project, named[0], INTERVIEWING);
    await setStage(t, project, named[1], REJECTED);
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    const byEmail = (e: string) => ws.candidates.find((c) => c.candidate.email === e)!;
    expect(byEmail(emails[0]).stage).toBe('interview');
    expect(byEmail(emails[1]).disqualified).toBe(true);
    expect(await lastRun(t, integrationId)).toMatchObject({ created: 0, updated: 2, failed: 0 });
  });

  it('pushes the anonymous candidate once revealed to the company', async () => {
    await t
      .knex('project_candidates')
      .where({ project_id: project, candidate_id: anonymous })
      .update({ revealed_at: new Date() });
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    expect(inJob('BE01')).toHaveLength(3);
    expect(await lastRun(t, integrationId)).toMatchObject({ created: 1, skipped: 0 });
  });

  it('tells the company its ATS already has a candidate, and since when, without sending the email back', async () => {
    const email = (await t.knex('candidates').where('id', named[0]).first('email')).email;
    const res = await p.admin.get(`/integrations/already-known?projectId=${project}&candidateId=${named[0]}`);
    expect(res.status).toBe(200);
    expect(res.body.known).toEqual([{ ats: 'Workable', since: expect.any(String) }]);
    expect(JSON.stringify(res.body)).not.toContain(email);
    const [outside] = await activeCandidates(t.knex, 1, { skip: 390 });
    expect((await p.admin.get(`/integrations/already-known?projectId=${project}&candidateId=${outside}`)).status).toBe(
      404,
    );
    expect(
      (await p.otherCompany.get(`/integrations/already-known?projectId=${project}&candidateId=${named[0]}`)).status,
    ).toBe(404);
  });

  it('waits out a 429 with Retry-After and goes on', async () => {
    const [extra] = await activeCandidates(t.knex, 1, { skip: 330 });
    await addToProject(
      t.knex,
      {
        id: project,
        companyId: (await t.knex('projects').where('id', project).first('company_id')).company_id,
        guid: '',
        ownerId: null,
      },
      [extra],
      SHORTLIST,
    );
    ws.fail('POST', /\/jobs\/BE01\/candidates$/, {
      status: 429,
      headers: { 'Retry-After': '1' },
      body: { error: 'Rate limit exceeded' },
    });
    const started = Date.now();
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(ws.calls.some((c) => c.status === 429)).toBe(true);
    expect(inJob('BE01')).toHaveLength(4);
    expect(await lastRun(t, integrationId)).toMatchObject({ created: 1, failed: 0, status: 2 });
  });

  it('logs a record the ATS answers 500 for as failed, goes on with the others, and pushes it next time', async () => {
    const more = await activeCandidates(t.knex, 2, { skip: 340 });
    const companyId = (await t.knex('projects').where('id', project).first('company_id')).company_id;
    await addToProject(t.knex, { id: project, companyId, guid: '', ownerId: null }, more, SHORTLIST);
    // One answer of 500: a create is not sent again in the run, since Workable may have kept it.
    ws.fail('POST', /\/jobs\/BE01\/candidates$/, { status: 500, body: { error: 'Internal error' } });
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    const run = await lastRun(t, integrationId);
    expect(run).toMatchObject({ created: 1, failed: 1, status: 2 });
    expect(run.entries.find((e: { outcome: string }) => e.outcome === 'failed').reason).toMatch(/500/);
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    expect(await lastRun(t, integrationId)).toMatchObject({ created: 1, failed: 0 });
    expect(inJob('BE01')).toHaveLength(6);
  });

  it('does not let one refused record stop the run', async () => {
    const more = await activeCandidates(t.knex, 2, { skip: 350 });
    const companyId = (await t.knex('projects').where('id', project).first('company_id')).company_id;
    await addToProject(t.knex, { id: project, companyId, guid: '', ownerId: null }, more, SHORTLIST);
    ws.refusedEmails.add((await t.knex('candidates').where('id', more[0]).first('email')).email);
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    const run = await lastRun(t, integrationId);
    expect(run).toMatchObject({ created: 1, failed: 1, status: 2 });
    expect(run.entries.find((e: { outcome: string }) => e.outcome === 'failed').reason).toBe(
      'Validation failed: Email is invalid',
    );
    const log = await p.admin.get(`/integrations/run-log/${integrationId}`);
    expect(log.body.data[0]).toMatchObject({ created: 1, failed: 1, status: 'done', trigger: 'manual' });
  });

  it('queues one job for a manual and a scheduled sync of the same integration', async () => {
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await t
      .knex('integrations')
      .where('id', integrationId)
      .update({ last_synced_at: new Date(Date.now() - 25 * 3600 * 1000) });
    await t.knex.raw("select graphile_worker.add_job('schedule_integration_syncs', '{}'::json)");
    const { taskList, workerLogger } = await import('../../backend/jobs/worker');
    await runJobsOnce({
      connectionString: t.url,
      taskList: { schedule_integration_syncs: taskList(t.config, t.url).schedule_integration_syncs },
      logger: workerLogger,
    });
    const jobs = await t.knex('graphile_worker.jobs').where('task_identifier', 'sync_integration');
    expect(jobs).toHaveLength(1);
    await runJobs(t);
  });
});

describe('Refused credentials and removal', () => {
  it('marks the integration "auth error" and emails the company admins when Workable refuses the key', async () => {
    const token = ws.token;
    ws.token = 'revoked';
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    ws.token = token;
    const run = await lastRun(t, integrationId);
    expect(run).toMatchObject({ status: 3, error: 'The ATS refused our credentials. Connect it again.' });
    const list = await p.admin.get('/integrations/integration-list');
    expect(list.body.kinds.find((k: { key: string }) => k.key === 'workable').integration.status).toBe('authError');
    const [mail] = await listOutbox(t.knex, 'owner@acme.example.com', 1);
    expect(mail.subject).toBe('Your Workable integration needs to be connected again');
  });

  it('records a kind without a live connection as the company ATS, which cannot be synced', async () => {
    const res = await p.admin.post('/integrations/add', { kind: 'bamboohr', environment: 5 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'recorded', live: false, environment: 5 });
    const sync = await p.admin.put(`/integrations/manual/sync/${res.body.id}`);
    expect(sync.status).toBe(400);
    expect(await t.knex('companies').where('ats', 'BambooHR').first('id')).toBeTruthy();
  });

  it('removes the integration with its credentials, links and run log', async () => {
    const res = await p.admin.delete(`/integrations/remove/${integrationId}`);
    expect(res.status).toBe(200);
    expect(await t.knex('integrations').where('id', integrationId).first()).toBeUndefined();
    expect(await t.knex('integration_links').where('integration_id', integrationId)).toHaveLength(0);
    expect(await t.knex('integration_runs').where('integration_id', integrationId)).toHaveLength(0);
    expect((await p.admin.put(`/integrations/manual/sync/${integrationId}`)).status).toBe(404);
  });
});
