/**
 * ATS syncs follow the company's and the project's status, with Workable's real client against its
 * stand-in on loopback: the hourly scheduler and a queued "Sync now" send a closed project's
 * candidates nothing (neither new applications nor stage moves) while the company's open projects
 * go on, and a suspended company's ATS hears nothing at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { lastRun, people, projectWith, setStage, type People } from '../helpers/ats/world';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { activeCandidates, addToProject } from '../helpers/interviews';

let t: TestApp;
let ws: WorkableStandIn;
let p: People;
let integrationId: number;

const SHORTLIST = 2;
const INTERVIEWING = 3;
const inJob = (job: string) => ws.candidates.filter((c) => c.job === job);
const emailOf = async (id: number) => (await t.knex('candidates').where('id', id).first('email')).email as string;

beforeAll(async () => {
  t = await testApp();
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 5000, retries: 2 });
  p = await people(t);
  const res = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  integrationId = res.body.id;
  await runJobs(t); // the first sync: the open jobs
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** A fresh Acme project with one shortlisted candidate, linked to the Workable job `job`. */
async function linkedProject(title: string, job: string, skip: number) {
  const made = await projectWith(t, title, 1, SHORTLIST, skip);
  const linked = await p.admin.put(`/integrations/project-job/${integrationId}`, {
    projectId: made.project.id,
    jobId: job,
  });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return { id: made.project.id, candidate: made.candidates[0], project: made.project };
}

/** The integration made due and the hourly scheduler run, with every job it queues. */
async function scheduledRun() {
  await t
    .knex('integrations')
    .where('id', integrationId)
    .update({ last_synced_at: new Date(Date.now() - 25 * 3600 * 1000) });
  await t.knex.raw("select graphile_worker.add_job('schedule_integration_syncs', '{}'::json)");
  await runJobs(t);
}

describe('A closed project', () => {
  it('sends nothing new and moves nothing in the ATS, while an open project of the company goes on', async () => {
    const closing = await linkedProject('Closing hires', 'FE02', 300);
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    expect(inJob('FE02').map((c) => c.candidate.email)).toEqual([await emailOf(closing.candidate)]);

    const closed = await p.admin.put('/projects', { keys: [`Project:${closing.id}`], status: 3 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const [late] = await activeCandidates(t.knex, 1, { skip: 310 });
    await addToProject(t.knex, closing.project, [late], SHORTLIST);
    await setStage(t, closing.id, closing.candidate, INTERVIEWING);
    const open = await linkedProject('Open hires', 'BE01', 320);

    await scheduledRun();
    expect(inJob('BE01').map((c) => c.candidate.email)).toEqual([await emailOf(open.candidate)]);
    expect(inJob('FE02')).toHaveLength(1);
    expect(inJob('FE02')[0].stage).toBe('shortlisted');
    const lateEmail = await emailOf(late);
    expect(ws.candidates.some((c) => c.candidate.email === lateEmail)).toBe(false);
    expect(await lastRun(t, integrationId)).toMatchObject({ created: 1, updated: 0, failed: 0, status: 2 });
  });
});

describe('A suspended company', () => {
  it('has its ATS sent nothing, by a "Sync now" queued before the suspension or by the scheduler', async () => {
    const project = await linkedProject('Suspended hires', 'DS03', 330);
    expect((await p.admin.put(`/integrations/manual/sync/${integrationId}`)).status).toBe(200);
    const company = project.project.companyId;
    const suspended = await p.platform.put('/companies/status', { ids: [`Company:${company}`], status: 2 });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    const calls = ws.calls.length;
    const runs = await t.knex('integration_runs').where('integration_id', integrationId).count<{ n: string }[]>('*');

    await scheduledRun();
    expect(ws.calls.length).toBe(calls);
    expect(inJob('DS03')).toEqual([]);
    expect(await t.knex('integration_runs').where('integration_id', integrationId).count('*')).toEqual(runs);
    expect(await t.knex('graphile_worker.jobs').where('task_identifier', 'sync_integration')).toEqual([]);
  });
});
