/**
 * ATS integrations as a recruiter who lives in the ATS meets them, against each vendor's stand-in
 * on loopback (Workable, Ashby, Greenhouse, Lever): a sync adds the application to the person the
 * ATS already holds under the email, never a second person; a vendor that fails after the create
 * and a retry leave no duplicate; a stage or status changed in the ATS comes back with since when
 * and when it was read, raises a notification to the project's people and moves nothing in the
 * pipeline; the last sync's outcome per integration; who may read any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { ashbyError, type AshbyStandIn } from '../helpers/ats/ashby';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import type { LeverStandIn } from '../helpers/ats/lever';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { lastRun, people, projectWith, type People } from '../helpers/ats/world';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ws: WorkableStandIn;
let ashby: AshbyStandIn;
let gh: GreenhouseStandIn;
let lv: LeverStandIn;
let p: People;
let adminToken: string;

beforeAll(async () => {
  t = await testApp();
  const limits = { maxRetryWaitMs: 2000, retries: 2 };
  [ws, ashby, gh, lv] = await atsStandIns(t.config, ['workable', 'ashby', 'greenhouse', 'lever'], limits);
  p = await people(t);
  adminToken = await t.login('owner@acme.example.com');
});
afterAll(async () => {
  await t?.knex.destroy();
});

const SHORTLIST = 2;
const HELD_SINCE = '2021-03-04T05:06:07.000Z';
const emailOf = async (id: number) => (await t.knex('candidates').where('id', id).first('email')).email as string;

interface Vendor {
  name: string;
  connect(admin: Client): Promise<number>;
  job: string;
  /** hold: the ATS already has the person on another job; people and applications (on the job) by email. */
  hold(email: string): void;
  people(email: string): number;
  applications(email: string): number;
  /** The next push fails after the vendor created something; move: a recruiter moves the application in the ATS. */
  breakAfterCreate(): void;
  /** A create's answer lost (a 5xx): settled in the run by looking the person up (adapters/ats/lost.ts). */
  lostAnswer?: boolean;
  move(email: string, to: 'offer' | 'rejected'): void;
  offer: string;
  rejected: string;
}

const vendors: Vendor[] = [
  {
    name: 'Workable',
    job: 'BE01',
    async connect(admin) {
      const res = await admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    },
    hold(email) {
      ws.candidates.push({
        id: `held-${ws.candidates.length}`,
        job: 'FE02',
        stage: 'interview',
        disqualified: false,
        sourced: true,
        created_at: HELD_SINCE,
        candidate: { name: 'Held Person', email },
      });
    },
    // Workable keeps one record per job: a second person would be a second record on one job.
    people: (email) => {
      const rows = ws.candidates.filter((c) => c.candidate.email === email);
      return rows.length - new Set(rows.map((c) => c.job)).size + 1;
    },
    applications: (email) => ws.candidates.filter((c) => c.candidate.email === email && c.job === 'BE01').length,
    breakAfterCreate: () =>
      ws.fail('POST', /\/candidates\/[^/]+\/move$/, { status: 422, body: { error: 'target_stage is invalid' } }),
    move(email, to) {
      const row = ws.candidates.find((c) => c.candidate.email === email && c.job === 'BE01')!;
      row.updated_at = new Date().toISOString();
      if (to === 'offer') row.stage = 'offer';
      else Object.assign(row, { disqualified: true, disqualification_reason: 'Went elsewhere' });
    },
    offer: 'Offer',
    rejected: 'Disqualified: Went elsewhere',
  },
  {
    name: 'Ashby',
    job: 'job-eng',
    async connect(admin) {
      const res = await admin.post('/integrations/add', { kind: 'ashby', apiKey: ashby.apiKey });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    },
    hold(email) {
      const id = `held-${ashby.candidates.length}`;
      ashby.candidates.push({ id, name: 'Held Person', email, createdAt: HELD_SINCE, applicationIds: [`app-${id}`] });
      ashby.applications.push({
        id: `app-${id}`,
        candidateId: id,
        jobId: 'job-ops',
        stageId: 'st-onsite',
        status: 'Active',
        updatedAt: HELD_SINCE,
      });
    },
    people: (email) => ashby.candidates.filter((c) => c.email === email).length,
    applications: (email) => {
      const ids = ashby.candidates.filter((c) => c.email === email).map((c) => c.id);
      return ashby.applications.filter((a) => ids.includes(a.candidateId) && a.jobId === 'job-eng').length;
    },
    breakAfterCreate: () =>
      ashby.fail('POST', /^\/application\.create$/, {
        body: ashbyError('application_create_failed', 'The application could not be created'),
      }),
    move(email, to) {
      const person = ashby.candidates.find((c) => c.email === email)!;
      const row = ashby.applications.find((a) => a.candidateId === person.id && a.jobId === 'job-eng')!;
      row.updatedAt = new Date().toISOString();
      if (to === 'offer') Object.assign(row, { stageId: 'st-offer', status: 'Active' });
      else Object.assign(row, { stageId: 'st-archived', status: 'Archived', archiveReasonId: 'ar-1' });
    },
    offer: 'Offer',
    rejected: 'Archived: Not a fit',
  },
  {
    name: 'Greenhouse',
    job: '101',
    async connect(admin) {
      const res = await admin.post('/integrations/greenhouse', {
        clientId: gh.clientId,
        clientSecret: gh.clientSecret,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    },
    hold(email) {
      const id = 4000 + gh.candidates.length;
      gh.candidates.push({ id, first_name: 'Held', last_name: 'Person', email, created_at: HELD_SINCE });
      gh.applications.push({
        id: 8000 + gh.applications.length,
        candidateId: id,
        jobId: 102,
        stageId: 3,
        rejected: false,
        status: 'active',
        lastActivityAt: HELD_SINCE,
      });
    },
    people: (email) => gh.candidates.filter((c) => c.email === email).length,
    applications: (email) => {
      const ids = gh.candidates.filter((c) => c.email === email).map((c) => c.id);
      return gh.applications.filter((a) => ids.includes(a.candidateId) && a.jobId === 101).length;
    },
    // Greenhouse keeps the candidate, but its answer is lost: a blind retry would make a second one.
    breakAfterCreate: () => gh.failAfter('POST', /^\/v3\/candidates$/, { status: 500, body: { message: 'Internal' } }),
    lostAnswer: true,
    move(email, to) {
      const ids = gh.candidates.filter((c) => c.email === email).map((c) => c.id);
      const row = gh.applications.find((a) => ids.includes(a.candidateId) && a.jobId === 101)!;
      row.lastActivityAt = new Date().toISOString();
      if (to === 'offer') row.stageId = 4;
      else Object.assign(row, { rejected: true, status: 'rejected' });
    },
    offer: 'Offer',
    rejected: 'Rejected: Not qualified',
  },
  {
    name: 'Lever',
    job: 'post-a',
    async connect() {
      // The callback must come back in the session that started the sign-in.
      const res = await client(t, adminToken).get('/integrations/lever/sign-in');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const approved = await fetch(res.body.url, { redirect: 'manual' });
      const back = new URL(approved.headers.get('location')!);
      const done = await t.http.get(back.pathname + back.search).set('Cookie', `tb_session=${adminToken}`);
      expect(done.headers.location).toMatch(/lever=connected$/);
      return (await t.knex('integrations').where('kind', 'lever').first('id')).id;
    },
    hold(email) {
      lv.opportunities.push({
        id: `held-${lv.opportunities.length}`,
        contact: `contact-held-${lv.opportunities.length}`,
        name: 'Held Person',
        email,
        posting: 'post-b',
        stage: 'stage-onsite',
        origin: 'sourced',
        createdAt: Date.parse(HELD_SINCE),
        lastAdvancedAt: Date.parse(HELD_SINCE),
      });
    },
    people: (email) => new Set(lv.opportunities.filter((o) => o.email === email).map((o) => o.contact)).size,
    applications: (email) => lv.opportunities.filter((o) => o.email === email && o.posting === 'post-a').length,
    breakAfterCreate: () => lv.failAfter('POST', /^\/v1\/opportunities$/, { status: 503, body: {} }),
    lostAnswer: true,
    move(email, to) {
      const row = lv.opportunities.find((o) => o.email === email && o.posting === 'post-a')!;
      if (to === 'offer') Object.assign(row, { stage: 'stage-offer', lastAdvancedAt: Date.now() });
      else Object.assign(row, { archivedReason: 'ar-nf', archivedAt: Date.now() });
    },
    offer: 'Offer',
    rejected: 'Archived: Not a fit',
  },
];

type Status = { candidateId: number; ats: string; status: string; stage: string | null; since: string; readAt: string };

describe.each(vendors.map((v, i) => [v.name, v, i] as const))('%s', (name, vendor, index) => {
  let id: number;
  let project: TestProject;
  let held: number;
  let fresh: number;

  const sync = async () => {
    const res = await p.admin.put(`/integrations/manual/sync/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await runJobs(t);
    return lastRun(t, id);
  };
  const statusOf = async (candidateId: number): Promise<Status | undefined> => {
    const res = await p.admin.get(`/integrations/ats-status?projectId=${project.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Status[]).find((s) => s.candidateId === candidateId);
  };
  const threads = async () => {
    const res = await p.admin.get('/notifications?filter=all');
    return (res.body.data as { kind: string; title: string; link: string }[]).filter(
      (n) => n.kind === 'atsStatusChanged' && n.link === `/project/${project.id}`,
    );
  };

  beforeAll(async () => {
    id = await vendor.connect(p.admin);
    await runJobs(t);
    const made = await projectWith(t, `${name} hires`, 1, SHORTLIST, 600 + index * 10);
    project = made.project;
    [held] = made.candidates;
    vendor.hold(await emailOf(held));
    const linked = await p.admin.put(`/integrations/project-job/${id}`, { projectId: project.id, jobId: vendor.job });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  });

  it('adds the application to the person the ATS already holds under the email, never a second person', async () => {
    const run = await sync();
    expect(run).toMatchObject({ status: 2, created: 1, failed: 0 });
    expect(run.entries[0].reason).toBe('Added to the person the ATS already had with this email');
    const email = await emailOf(held);
    expect(vendor.people(email)).toBe(1);
    expect(vendor.applications(email)).toBe(1);
    expect(await sync()).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(vendor.people(email)).toBe(1);
    expect(vendor.applications(email)).toBe(1);
  });

  it('leaves no duplicate when the vendor fails after the create and the sync is retried', async () => {
    [fresh] = await activeCandidates(t.knex, 1, { skip: 605 + index * 10 });
    await addToProject(t.knex, project, [fresh], SHORTLIST);
    vendor.breakAfterCreate();
    const failed = await sync();
    // A create's answer lost (a 5xx): the person is looked up by email and linked in the same run, not made again.
    const lost = { created: 1, failed: 0, reason: /answer to creating the person was lost: the person was found/ };
    const { created, failed: refused, reason } = vendor.lostAnswer ? lost : { created: 0, failed: 1, reason: /./ };
    expect(failed).toMatchObject({ status: 2, created, failed: refused });
    expect(failed.entries[0].reason).toMatch(reason);
    const outcome = (await p.admin.get(`/integrations/last-sync/${id}`)).body;
    expect(outcome).toMatchObject({ integrationId: id, label: name, sync: 'idle' });
    expect(outcome.lastRun).toMatchObject({ failed: refused, pushed: created });
    if (!vendor.lostAnswer)
      expect(outcome.lastRun.failures).toEqual([
        { project: `${name} hires`, candidate: expect.any(String), reason: expect.any(String) },
      ]);
    const retried = await sync();
    expect(retried).toMatchObject({ status: 2, created: 1 - created, failed: 0 });
    const email = await emailOf(fresh);
    expect(vendor.people(email)).toBe(1);
    expect(vendor.applications(email)).toBe(1);
    const last = (await p.admin.get(`/integrations/last-sync/${id}`)).body.lastRun;
    expect(last).toMatchObject({ failed: 0, pushed: 1 - created });
  });

  it('brings a status changed in the ATS back with since when and when read, tells the project, and moves nothing', async () => {
    const before = await statusOf(held);
    expect(before).toMatchObject({ ats: name, stage: 'shortlist' });
    expect(await threads()).toEqual([]);
    vendor.move(await emailOf(held), 'offer');
    const started = Date.now();
    const run = await sync();
    expect(run.entries).toContainEqual(expect.objectContaining({ outcome: 'statusChanged' }));
    const after = await statusOf(held);
    expect(after).toMatchObject({ ats: name, status: vendor.offer, stage: 'offered' });
    expect(Date.parse(after!.readAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(after!.since)).toBeGreaterThanOrEqual(started - 1000);
    const [thread] = await threads();
    expect(thread.title).toContain(`now "${vendor.offer}" in ${name}`);
    const row = await t.knex('project_candidates').where({ project_id: project.id, candidate_id: held }).first('stage');
    expect(row.stage).toBe(SHORTLIST);
    const outcome = (await p.admin.get(`/integrations/last-sync/${id}`)).body.lastRun;
    expect(outcome.statusChanges).toHaveLength(1);
  });

  it('brings a rejection back with its reason; of a candidate off the board (paused), neither status nor notice', async () => {
    await t.knex('candidates').where('id', fresh).update({ status: 2 });
    const count = (await threads()).length;
    vendor.move(await emailOf(fresh), 'rejected');
    await sync();
    expect(await statusOf(fresh)).toBeUndefined();
    expect((await threads()).length).toBe(count);
    await t.knex('candidates').where('id', fresh).update({ status: 1 });
    expect(await statusOf(fresh)).toMatchObject({ status: vendor.rejected, stage: 'rejected' });
    const row = await t
      .knex('project_candidates')
      .where({ project_id: project.id, candidate_id: fresh })
      .first('stage');
    expect(row.stage).toBe(SHORTLIST);
  });

  it('answers the same status to the next sync without a second notification', async () => {
    const count = (await threads()).length;
    const since = (await statusOf(held))!.since;
    expect(await sync()).toMatchObject({ failed: 0, created: 0, updated: 0 });
    expect((await statusOf(held))!.since).toBe(since);
    expect((await threads()).length).toBe(count);
  });
});

describe('Another project of a person already linked', () => {
  it('adds the application by the ATS id of the person, without searching by email again', async () => {
    const ashbyId = (await t.knex('integrations').where('kind', 'ashby').first('id')).id;
    const first = await t.knex('projects').where('title', 'Ashby hires').first('id');
    const [candidate] = await t
      .knex('project_candidates')
      .where('project_id', first.id)
      .orderBy('id')
      .pluck('candidate_id');
    const project = await makeProject(t.knex, { title: 'Ashby ops hires' });
    await addToProject(t.knex, project, [candidate], SHORTLIST);
    expect(
      (await p.admin.put(`/integrations/project-job/${ashbyId}`, { projectId: project.id, jobId: 'job-ops' })).status,
    ).toBe(200);
    const searches = ashby.calls.filter((c) => c.path === '/candidate.search').length;
    await p.admin.put(`/integrations/manual/sync/${ashbyId}`);
    await runJobs(t);
    expect(ashby.calls.filter((c) => c.path === '/candidate.search').length).toBe(searches);
    expect(ashby.calls.some((c) => c.path === '/candidate.info')).toBe(true);
    const email = await emailOf(candidate);
    expect(ashby.candidates.filter((c) => c.email === email)).toHaveLength(1);
  });
});

describe('Who may read it', () => {
  it('gives the last sync of every connected ATS to an Owner, and refuses a Member and a platform admin', async () => {
    const res = await p.admin.get('/integrations/last-sync');
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { label: string }) => d.label).sort()).toEqual([
      'Ashby',
      'Greenhouse',
      'Lever',
      'Workable',
    ]);
    expect(JSON.stringify(res.body)).not.toContain(ws.token);
    const one = res.body.data[0].integrationId;
    for (const who of [p.member, p.raas, p.platform]) {
      expect((await who.get('/integrations/last-sync')).status).toBe(403);
      expect((await who.get(`/integrations/last-sync/${one}`)).status).toBe(403);
    }
  });

  it("gives another company nothing of Acme's: their own empty list, 404 for Acme's integration and project", async () => {
    const one = (await t.knex('integrations').where('kind', 'workable').first('id')).id;
    expect((await p.otherCompany.get('/integrations/last-sync')).body.data).toEqual([]);
    expect((await p.otherCompany.get(`/integrations/last-sync/${one}`)).status).toBe(404);
    const project = await t.knex('projects').where('title', 'Workable hires').first('id');
    expect((await p.otherCompany.get(`/integrations/ats-status?projectId=${project.id}`)).status).toBe(404);
    expect((await p.admin.get('/integrations/ats-status?projectId=abc')).status).toBe(400);
  });

  it('shows the ATS status to a Member on a project shared with them, and not before', async () => {
    const project = await t.knex('projects').where('title', 'Workable hires').first('id');
    expect((await p.member.get(`/integrations/ats-status?projectId=${project.id}`)).status).toBe(404);
    await t.knex('projects').where('id', project.id).update({ shared_with_company: true });
    const res = await p.member.get(`/integrations/ats-status?projectId=${project.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
  });
});
