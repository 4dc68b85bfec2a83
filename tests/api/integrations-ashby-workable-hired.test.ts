/**
 * A person already hired on the job in Ashby or Workable is linked and left hired when the product shortlists them
 * again (a company's new project on that job), with each vendor's real client against its stand-in on loopback: the
 * product never moves a hire back, and the run log says "Hired in the ATS: left as it is".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AshbyStandIn } from '../helpers/ats/ashby';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun, ok, people, projectWith, type People } from '../helpers/ats/world';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ashby: AshbyStandIn;
let ws: WorkableStandIn;
let p: People;

const SHORTLIST = 2;
const HIRED = 'Hired in the ATS: left as it is';

beforeAll(async () => {
  t = await testApp();
  [ashby, ws] = await atsStandIns(t.config, ['ashby', 'workable'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

async function connectAndSync(body: Record<string, string>, title: string, job: string, skip: number) {
  const added = await p.admin.post('/integrations/add', body);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const id = added.body.id as number;
  await runJobs(t);
  const { project, candidates } = await projectWith(t, title, 1, SHORTLIST, skip);
  const { email } = await t.knex('candidates').where('id', candidates[0]).first('email');
  return {
    email,
    sync: async () => {
      ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId: project.id, jobId: job }), 'link');
      expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
      await runJobs(t);
      return lastRun(t, id);
    },
  };
}

describe('A person hired on the job in the ATS', () => {
  it('Ashby: is linked and left hired', async () => {
    const { email, sync } = await connectAndSync(
      { kind: 'ashby', apiKey: ashby.apiKey },
      'Ashby hired',
      'job-eng',
      520,
    );
    ashby.candidates.push({
      id: 'cand-hired',
      name: 'Li Na',
      email,
      createdAt: '2026-01-05T10:00:00Z',
      applicationIds: ['app-hired'],
    });
    ashby.applications.push({
      id: 'app-hired',
      candidateId: 'cand-hired',
      jobId: 'job-eng',
      stageId: 'st-hired',
      status: 'Hired',
      updatedAt: '2026-02-01T10:00:00Z',
    });
    const run = await sync();
    expect(run.entries, JSON.stringify(run.entries)).toEqual([
      expect.objectContaining({ outcome: 'created', reason: HIRED }),
    ]);
    expect(ashby.applications.find((a) => a.id === 'app-hired')).toMatchObject({
      status: 'Hired',
      stageId: 'st-hired',
    });
    expect(ashby.calls.filter((c) => c.path === '/application.changeStage')).toEqual([]);
  });

  it('Workable: is linked and left hired', async () => {
    await p.admin.delete(`/integrations/${(await t.knex('integrations').where('kind', 'ashby').first('id')).id}`);
    const { email, sync } = await connectAndSync(
      { kind: 'workable', subdomain: 'acme', apiKey: ws.token },
      'Workable hired',
      'BE01',
      530,
    );
    ws.candidates.push({
      id: 'wk-hired',
      job: 'BE01',
      stage: 'hired',
      disqualified: false,
      sourced: true,
      created_at: '2026-01-05T10:00:00Z',
      candidate: { name: 'Li Na', email },
    } as (typeof ws.candidates)[number]);
    const run = await sync();
    expect(run.entries, JSON.stringify(run.entries)).toEqual([
      expect.objectContaining({ outcome: 'created', reason: HIRED }),
    ]);
    expect(ws.candidates.find((c) => c.id === 'wk-hired')).toMatchObject({ stage: 'hired', disqualified: false });
    expect(ws.calls.filter((c) => c.method === 'POST' && c.path.includes('/wk-hired/'))).toEqual([]);
  });
});
