/**
 * What the ATS changed behind the product's links, each against the vendor's real client and its
 * stand-in on loopback, through "Sync now" and the worker:
 * - an application deleted in Greenhouse (or a record deleted in Workable) is forgotten and placed
 *   again once in the same run, reported, and the next run is quiet; a rejected one is only forgotten;
 * - a person deleted in Greenhouse, or merged into another person there, is found again by email
 *   (or made), linked and pushed, and the candidate's links follow the person;
 * - Lever and Workable use the person kept from an earlier push, so a candidate whose email
 *   changed here joins the same person in the ATS rather than making a second one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import type { LeverStandIn } from '../helpers/ats/lever';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { lastRun, projectWith, setStage } from '../helpers/ats/world';
import { addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let gh: GreenhouseStandIn;
let ws: WorkableStandIn;
let lv: LeverStandIn;
let admin: Client;
let adminToken: string;

const SHORTLIST = 2;
const INTERVIEWING = 3;
const REJECTED = 6;

beforeAll(async () => {
  t = await testApp();
  [gh, ws, lv] = await atsStandIns(t.config, ['greenhouse', 'workable', 'lever'], {
    maxRetryWaitMs: 5000,
    retries: 2,
  });
  adminToken = await t.login('owner@acme.example.com');
  admin = client(t, adminToken);
});
afterAll(async () => {
  await t?.knex.destroy();
});

async function sync(integrationId: number) {
  expect((await admin.put(`/integrations/manual/sync/${integrationId}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, integrationId);
}

/** Links `projectId` to `jobId`, unlinking first the project an earlier test linked to it: a job has one project. */
async function link(integrationId: number, projectId: number, jobId: string) {
  const { projects } = (await admin.get(`/integrations/jobs/${integrationId}`)).body as {
    projects: { projectId: number; jobId: string | null }[];
  };
  for (const held of projects.filter((p) => p.jobId === jobId && p.projectId !== projectId))
    expect(
      (await admin.put(`/integrations/project-job/${integrationId}`, { projectId: held.projectId, jobId: null }))
        .status,
    ).toBe(200);
  const res = await admin.put(`/integrations/project-job/${integrationId}`, { projectId, jobId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The candidate `candidateId` also in a new project of Acme, at the shortlist, linked to `jobId`. */
async function alsoIn(integrationId: number, candidateId: number, jobId: string) {
  const project = await makeProject(t.knex, { title: `Also ${jobId}` });
  await addToProject(t.knex, project, [candidateId], SHORTLIST);
  await link(integrationId, project.id, jobId);
  return project.id;
}

const linkOf = (integrationId: number, projectId: number, candidateId: number) =>
  t
    .knex('integration_links as l')
    .join('project_candidates as pc', 'pc.id', 'l.local_id')
    .where({ 'l.integration_id': integrationId, 'l.local_kind': 2, 'pc.project_id': projectId })
    .where('pc.candidate_id', candidateId)
    .first('l.remote_id', 'l.remote_candidate_id', 'l.remote_person_created');

const emailOf = async (candidateId: number) =>
  (await t.knex('candidates').where('id', candidateId).first('email')).email as string;

describe('Greenhouse: records gone behind the links', () => {
  let id: number;
  let project: number;
  let candidates: number[];

  it('connects and pushes two shortlisted candidates', async () => {
    const res = await admin.post('/integrations/greenhouse', {
      clientId: gh.clientId,
      clientSecret: gh.clientSecret,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = res.body.id;
    await runJobs(t);
    ({
      project: { id: project },
      candidates,
    } = await projectWith(t, 'Gone applications', 2, SHORTLIST, 200));
    await link(id, project, '101');
    expect(await sync(id)).toMatchObject({ created: 2, failed: 0 });
  });

  it('places a deleted application again once, on the person it had, and reports it; a rejected one is only forgotten', async () => {
    const [a, b] = await Promise.all(candidates.map((c) => linkOf(id, project, c)));
    gh.deleteApplication(Number(a.remote_id));
    gh.deleteApplication(Number(b.remote_id));
    await setStage(t, project, candidates[0], INTERVIEWING);
    await setStage(t, project, candidates[1], REJECTED);
    const people = gh.candidates.length;
    const run = await sync(id);
    expect(run).toMatchObject({ created: 1, failed: 0, status: 2 });
    expect(run.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ outcome: 'created', reason: expect.stringMatching(/application was gone/) }),
        expect.objectContaining({ outcome: 'skipped', reason: expect.stringMatching(/not added again/) }),
      ]),
    );
    expect(gh.candidates).toHaveLength(people);
    const again = await linkOf(id, project, candidates[0]);
    expect(again.remote_id).not.toBe(a.remote_id);
    // The same person, still the product's own to erase there.
    expect(again).toMatchObject({ remote_candidate_id: a.remote_candidate_id, remote_person_created: true });
    expect(gh.applications.find((x) => x.id === Number(again.remote_id))).toMatchObject({ jobId: 101, stageId: 3 });
    expect(await linkOf(id, project, candidates[1])).toBeUndefined();
    // No loop: the next run has nothing to do.
    expect(await sync(id)).toMatchObject({ created: 0, updated: 0, failed: 0 });
  });

  it('finds a deleted person again by email, links and pushes, and the old link follows on its next move', async () => {
    const {
      project: { id: first },
      candidates: [x],
    } = await projectWith(t, 'Deleted person', 1, SHORTLIST, 210);
    await link(id, first, '101');
    await sync(id);
    const before = await linkOf(id, first, x);
    gh.deletePerson(Number(before.remote_candidate_id));
    const second = await alsoIn(id, x, '102');
    const run = await sync(id);
    expect(run).toMatchObject({ created: 1, failed: 0 });
    expect(run.entries).toEqual([
      // Its application on 101 went with the person: the status says so (once), not the stage last read.
      expect.objectContaining({
        project: 'Deleted person',
        outcome: 'statusChanged',
        reason: expect.stringMatching(/no longer in the ATS/),
      }),
      expect.objectContaining({ outcome: 'created', reason: expect.stringMatching(/person was gone/) }),
    ]);
    const now = await linkOf(id, second, x);
    expect(now.remote_candidate_id).not.toBe(before.remote_candidate_id);
    const email = await emailOf(x);
    expect(gh.candidates.filter((c) => c.email === email)).toHaveLength(1);
    expect((await linkOf(id, first, x)).remote_candidate_id).toBe(now.remote_candidate_id);
    await setStage(t, first, x, INTERVIEWING);
    expect(await sync(id)).toMatchObject({ created: 1, failed: 0 });
    const mine = gh.applications.filter((a) => a.candidateId === Number(now.remote_candidate_id));
    expect(mine.map((a) => a.jobId).sort()).toEqual([101, 102]);
  });

  it('follows a person merged into another: the survivor gets the application, and the links name the survivor', async () => {
    const {
      project: { id: first },
      candidates: [y],
    } = await projectWith(t, 'Merged person', 1, SHORTLIST, 220);
    await link(id, first, '103');
    await sync(id);
    const made = await linkOf(id, first, y);
    expect(made.remote_person_created).toBe(true);
    const own = { id: 4000, first_name: 'Own', last_name: 'Record', email: 'own-record@example.com' };
    gh.candidates.push({ ...own, created_at: '2020-01-01T00:00:00.000Z' });
    gh.mergePerson(Number(made.remote_candidate_id), own.id);
    const people = gh.candidates.length;
    const second = await alsoIn(id, y, '101');
    const run = await sync(id);
    expect(run).toMatchObject({ created: 1, failed: 0 });
    expect(gh.candidates).toHaveLength(people);
    expect(await linkOf(id, second, y)).toMatchObject({ remote_candidate_id: '4000', remote_person_created: false });
    // The merged person's own link reads the survivor back, and is no longer the product's to erase there.
    expect(await linkOf(id, first, y)).toMatchObject({ remote_candidate_id: '4000', remote_person_created: false });
    expect(
      gh.applications
        .filter((a) => a.candidateId === own.id)
        .map((a) => a.jobId)
        .sort(),
    ).toEqual([101, 103]);
  });
});

describe('Workable: a record deleted, and a person whose email changed here', () => {
  let id: number;

  it('connects', async () => {
    const res = await admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = res.body.id;
    await runJobs(t);
  });

  it('places a deleted record again once and reports it', async () => {
    const {
      project: { id: project },
      candidates: [c],
    } = await projectWith(t, 'Workable gone', 1, SHORTLIST, 230);
    await link(id, project, 'BE01');
    await sync(id);
    ws.deleteCandidate((await linkOf(id, project, c)).remote_id);
    await setStage(t, project, c, INTERVIEWING);
    const run = await sync(id);
    expect(run).toMatchObject({ created: 1, failed: 0 });
    expect(run.entries[0].reason).toMatch(/gone from the ATS/);
    expect(ws.candidates.filter((r) => r.job === 'BE01')).toEqual([expect.objectContaining({ stage: 'interview' })]);
    expect(await sync(id)).toMatchObject({ created: 0, updated: 0, failed: 0 });
  });

  it('copies the person it already has to another job even after their email changed here', async () => {
    const {
      project: { id: project },
      candidates: [c],
    } = await projectWith(t, 'Workable email change', 1, SHORTLIST, 240);
    await link(id, project, 'BE01');
    await sync(id);
    const first = await linkOf(id, project, c);
    const old = await emailOf(c);
    await t
      .knex('candidates')
      .where('id', c)
      .update({ email: `changed-${c}@example.com` });
    const second = await alsoIn(id, c, 'FE02');
    const calls = ws.calls.length;
    expect(await sync(id)).toMatchObject({ created: 1, failed: 0 });
    const made = ws.calls.slice(calls).filter((x) => x.method === 'POST');
    expect(made.map((x) => x.path)).toEqual([`/acme/spi/v3/candidates/${first.remote_id}/copy`]);
    expect(ws.candidates.filter((r) => r.job === 'FE02').map((r) => r.candidate.email)).toEqual([old]);
    expect((await linkOf(id, second, c)).remote_candidate_id).toBe(first.remote_candidate_id);
  });
});

describe('Lever: a person whose email changed here', () => {
  let id: number;

  it('connects through sign-in', async () => {
    const res = await admin.get('/integrations/lever/sign-in');
    const approved = await fetch(res.body.url, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    const done = await t.http.get(back.pathname + back.search).set('Cookie', `tb_session=${adminToken}`);
    expect(done.headers.location).toMatch(/lever=connected$/);
    id = (await t.knex('integrations').where('kind', 'lever').first('id')).id;
    await runJobs(t);
  });

  it('adds the new opportunity to the contact it already has, found by its id', async () => {
    const {
      project: { id: project },
      candidates: [c],
    } = await projectWith(t, 'Lever email change', 1, SHORTLIST, 250);
    await link(id, project, 'post-a');
    await sync(id);
    const first = await linkOf(id, project, c);
    await t
      .knex('candidates')
      .where('id', c)
      .update({ email: `changed-${c}@example.com` });
    const second = await alsoIn(id, c, 'post-b');
    const run = await sync(id);
    expect(run).toMatchObject({ created: 1, failed: 0 });
    expect(new Set(lv.opportunities.map((o) => o.contact))).toEqual(new Set([first.remote_candidate_id]));
    expect(lv.opportunities.map((o) => o.posting).sort()).toEqual(['post-a', 'post-b']);
    expect((await linkOf(id, second, c)).remote_candidate_id).toBe(first.remote_candidate_id);
  });
});
