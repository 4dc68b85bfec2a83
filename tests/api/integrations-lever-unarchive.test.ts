/**
 * A candidate taken back from rejected reaches Lever as active again, with Lever's real client against its stand-in on
 * loopback: the product's move to a stage unarchives the opportunity first (`PUT /opportunities/:id/archived` with
 * `reason: null`, as Lever's API takes an opportunity back), since a stage move leaves an archived one archived; the
 * run log says it was taken back. An opportunity archived as hired is left as it is: never moved back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import type { LeverStandIn } from '../helpers/ats/lever';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun, ok, projectWith, setStage } from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let lv: LeverStandIn;
let admin: Client;
let adminToken: string;
let id: number;

const SHORTLIST = 2;
const INTERVIEWING = 3;
const REJECTED = 6;

beforeAll(async () => {
  t = await testApp();
  [lv] = await atsStandIns(t.config, ['lever'], { maxRetryWaitMs: 2000, retries: 1 });
  adminToken = await t.login('owner@acme.example.com');
  admin = client(t, adminToken);
  const res = await admin.get('/integrations/lever/sign-in');
  ok(res, 'sign-in URL');
  const approved = await fetch(res.body.url, { redirect: 'manual' });
  const back = new URL(approved.headers.get('location')!);
  const done = await t.http.get(back.pathname + back.search).set('Cookie', `tb_session=${adminToken}`);
  expect(done.headers.location).toMatch(/lever=connected$/);
  id = (await t.knex('integrations').where('kind', 'lever').first('id')).id;
  await runJobs(t);
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

async function sync() {
  expect((await admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, id);
}

describe('Lever: an archived opportunity', () => {
  it('rejected, then moved on in the product, is unarchived, then moved, and the log says so', async () => {
    const { project, candidates } = await projectWith(t, 'Lever take-backs', 2, SHORTLIST, 440);
    ok(await admin.put(`/integrations/project-job/${id}`, { projectId: project.id, jobId: 'post-a' }), 'link');
    expect(await sync()).toMatchObject({ created: 2, failed: 0 });
    const links = await t
      .knex('integration_links as l')
      .join('project_candidates as pc', 'pc.id', 'l.local_id')
      .where({ 'l.integration_id': id, 'l.local_kind': 2 })
      .select('pc.candidate_id', 'l.remote_id');
    const opportunityOf = (c: number) =>
      lv.opportunities.find((o) => o.id === links.find((l) => l.candidate_id === c).remote_id)!;

    await setStage(t, project.id, candidates[0], REJECTED);
    expect(await sync()).toMatchObject({ updated: 1, failed: 0 });
    expect(opportunityOf(candidates[0]).archivedReason).toBe('ar-nf');

    await setStage(t, project.id, candidates[0], INTERVIEWING);
    const run = await sync();
    expect(run, JSON.stringify(run.entries)).toMatchObject({ updated: 1, failed: 0 });
    expect(opportunityOf(candidates[0])).toMatchObject({ stage: 'stage-onsite' });
    expect(opportunityOf(candidates[0]).archivedReason).toBeUndefined();
    const unarchived = lv.calls.filter((c) => c.method === 'PUT' && (c.body as { reason?: unknown }).reason === null);
    expect(unarchived.map((c) => c.path.split('?')[0])).toEqual([
      `/v1/opportunities/${opportunityOf(candidates[0]).id}/archived`,
    ]);
    expect(run.entries).toContainEqual(
      expect.objectContaining({
        outcome: 'updated',
        reason: 'Rejected in the ATS: taken back from the rejection and moved to the stage',
      }),
    );
    const status = await t
      .knex('integration_links as l')
      .join('project_candidates as pc', 'pc.id', 'l.local_id')
      .where({ 'l.integration_id': id, 'l.local_kind': 2, 'pc.candidate_id': candidates[0] })
      .first('l.remote_status', 'l.remote_stage');
    expect(status).toEqual({ remote_status: 'On-site interview', remote_stage: 'interviewing' });
  });

  it('hired in Lever is left as it is when the product moves the card back', async () => {
    const project = await t.knex('projects').where('title', 'Lever take-backs').first('id');
    const [, other] = await t
      .knex('project_candidates')
      .where('project_id', project.id)
      .orderBy('id')
      .pluck('candidate_id');
    const link = await t
      .knex('integration_links as l')
      .join('project_candidates as pc', 'pc.id', 'l.local_id')
      .where({ 'l.integration_id': id, 'l.local_kind': 2, 'pc.candidate_id': other })
      .first('l.remote_id');
    const opportunity = lv.opportunities.find((o) => o.id === link.remote_id)!;
    Object.assign(opportunity, { archivedReason: 'ar-hired', archivedAt: Date.now() });
    await sync();
    await setStage(t, project.id, other, INTERVIEWING);
    const puts = lv.calls.filter((c) => c.method === 'PUT').length;
    const run = await sync();
    expect(run).toMatchObject({ failed: 0 });
    expect(run.entries).toContainEqual(
      expect.objectContaining({ outcome: 'skipped', reason: 'Hired in the ATS: left as it is' }),
    );
    expect(opportunity).toMatchObject({ archivedReason: 'ar-hired', stage: 'stage-screen' });
    expect(lv.calls.filter((c) => c.method === 'PUT').length).toBe(puts);
  });
});
