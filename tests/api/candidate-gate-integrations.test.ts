/**
 * What leaves for a company's ATS, probed from the attacker's side, with the real clients against
 * the Workable, Greenhouse and Lever stand-ins on loopback:
 * - know-before-reveal answers only for a candidate whose contact the caller sees, in a project it
 *   reads, and then only the month; a hidden, paused or still-suggested candidate, a project not
 *   shared with the caller and an unknown id all get one answer, and no email leaves for the ATS;
 * - a sync pushes each candidate as the project's company sees them, nothing of a hidden one;
 * - a paging link to another host stops the sync with a recorded failure, before any request to it;
 * - a Lever sign-in's state is taken once, in the session that started it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import type { LeverStandIn } from '../helpers/ats/lever';
import { startStandIn, type StandIn } from '../helpers/ats/standIn';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { lastRun, people, type People } from '../helpers/ats/world';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ws: WorkableStandIn;
let gh: GreenhouseStandIn;
let lv: LeverStandIn;
let elsewhere: StandIn;
let p: People;
let workableId: number;
let project: TestProject;
/** The candidates of the project, by what the company may see of them. */
const c = {} as Record<'shown' | 'hidden' | 'paused' | 'suggested', number>;
const emails = {} as Record<keyof typeof c, string>;

const SHORTLIST = 2;
const CREATED_AT = '2021-03-04T05:06:07.891Z';
const NOBODY = 99_999_999;

beforeAll(async () => {
  elsewhere = await startStandIn(() => ({ body: { jobs: [], paging: {} } }));
  t = await testApp();
  [ws, gh, lv] = await atsStandIns(t.config, ['workable', 'greenhouse', 'lever'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
  const res = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  workableId = res.body.id;
  await runJobs(t);

  project = await makeProject(t.knex, { title: 'Gate hires' });
  const ids = await activeCandidates(t.knex, 4, { skip: 500 });
  [c.shown, c.hidden, c.paused, c.suggested] = ids;
  await t.knex('candidates').where('id', c.hidden).update({ visibility: false });
  await t.knex('candidates').where('id', c.paused).update({ status: 2, self_chosen_status: true });
  await addToProject(t.knex, project, [c.shown, c.hidden, c.paused], SHORTLIST);
  await addToProject(t.knex, project, [c.suggested], 0);
  for (const [key, id] of Object.entries(c) as [keyof typeof c, number][]) {
    emails[key] = (await t.knex('candidates').where('id', id).first('email')).email;
    // The ATS already has every one of them.
    ws.candidates.push({
      id: `known-${key}`,
      job: 'DS03',
      stage: 'sourced',
      disqualified: false,
      sourced: true,
      created_at: CREATED_AT,
      candidate: { name: key, email: emails[key] },
    });
  }
});
afterAll(async () => {
  await elsewhere?.close();
  await t?.knex.destroy();
});

const known = (who: Client, projectId: number, candidateId: number) =>
  who.get(`/integrations/already-known?projectId=${projectId}&candidateId=${candidateId}`);
/** The look-ups the Workable stand-in received, by the email they sent. */
const lookedUp = () =>
  ws.calls
    .filter((call) => call.method === 'GET' && call.path.includes('/candidates?'))
    .map((call) => new URL(call.path, 'http://x').searchParams.get('email'));

describe('Know before you reveal', () => {
  it('tells the company since which month its ATS has a candidate whose contact it sees, never the exact time nor the email', async () => {
    const res = await known(p.admin, project.id, c.shown);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ known: [{ ats: 'Workable', since: '2021-03' }] });
    expect(JSON.stringify(res.body)).not.toContain(emails.shown);
    expect(JSON.stringify(res.body)).not.toMatch(/05:06|2021-03-04/);
  });

  it('answers a hidden, a paused and a still-suggested candidate as an id that names nobody, and sends none of their emails to the ATS', async () => {
    const before = ws.calls.length;
    const unknown = await known(p.admin, project.id, NOBODY);
    expect(unknown.status).toBe(404);
    for (const key of ['hidden', 'paused', 'suggested'] as const) {
      const res = await known(p.admin, project.id, c[key]);
      expect(res.status, key).toBe(404);
      expect(res.body, key).toEqual(unknown.body);
    }
    expect(ws.calls.length).toBe(before);
    expect(lookedUp()).not.toContain(emails.hidden);
    expect(lookedUp()).not.toContain(emails.paused);
    expect(lookedUp()).not.toContain(emails.suggested);
  });

  it('gives a Member a project not shared with them the answer of a project that does not exist; once shared, the answer', async () => {
    const before = ws.calls.length;
    const missing = await known(p.member, NOBODY, c.shown);
    expect(missing.status).toBe(404);
    const unshared = await known(p.member, project.id, c.shown);
    expect(unshared.status).toBe(404);
    expect(unshared.body).toEqual(missing.body);
    expect(ws.calls.length).toBe(before);
    await t.knex('projects').where('id', project.id).update({ shared_with_company: true });
    try {
      const shared = await known(p.member, project.id, c.shown);
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
      expect(shared.body.known).toEqual([{ ats: 'Workable', since: '2021-03' }]);
    } finally {
      await t.knex('projects').where('id', project.id).update({ shared_with_company: false });
    }
  });

  it('answers another company, a RaaS company and a platform admin as for an unknown candidate, asking the ATS nothing', async () => {
    const before = ws.calls.length;
    for (const who of [p.otherCompany, p.raas, p.platform]) {
      const res = await known(who, project.id, c.shown);
      expect([403, 404]).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain(emails.shown);
    }
    expect(ws.calls.length).toBe(before);
  });
});

describe('Pushing to the ATS', () => {
  it('sends each candidate as the company sees them in the project: nothing of a hidden or paused one', async () => {
    // The ATS no longer holds the shown candidate, so the sync creates them from what the company sees.
    ws.candidates.splice(
      ws.candidates.findIndex((w) => w.id === 'known-shown'),
      1,
    );
    const linked = await p.admin.put(`/integrations/project-job/${workableId}`, {
      projectId: project.id,
      jobId: 'BE01',
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    await p.admin.put(`/integrations/manual/sync/${workableId}`);
    await runJobs(t);
    const pushed = ws.candidates.filter((w) => w.job === 'BE01');
    expect(pushed.map((w) => w.candidate.email)).toEqual([emails.shown]);
    const shown = await t.knex('candidates').where('id', c.shown).first('first_name', 'last_name');
    expect(pushed[0].candidate).toMatchObject({ firstname: shown.first_name, lastname: shown.last_name });
    const sent = JSON.stringify(ws.calls.filter((call) => call.method !== 'GET'));
    for (const key of ['hidden', 'paused', 'suggested'] as const) {
      const row = await t.knex('candidates').where('id', c[key]).first('last_name', 'phone');
      expect(sent, key).not.toContain(emails[key]);
      expect(sent, key).not.toContain(row.last_name);
      expect(lookedUp(), key).not.toContain(emails[key]);
    }
    const run = await lastRun(t, workableId);
    expect(run).toMatchObject({ status: 2, created: 1, failed: 0 });
    const hiddenName = (await t.knex('candidates').where('id', c.hidden).first('last_name')).last_name;
    expect(JSON.stringify(run.entries)).not.toContain(hiddenName);
    expect(run.entries.filter((e: { candidate: string | null }) => e.candidate === null)).toHaveLength(2);
  });
});

describe('Paging links from an ATS', () => {
  it('stops a Workable sync at a page link to another host, records the failure and never calls that host', async () => {
    ws.fail('GET', /\/spi\/v3\/jobs$/, {
      body: {
        jobs: [{ shortcode: 'BE01', title: 'Backend Engineer', state: 'published' }],
        paging: { next: `${elsewhere.url}/acme/spi/v3/jobs?state=published&limit=2&since_index=2` },
      },
    });
    await p.admin.put(`/integrations/manual/sync/${workableId}`);
    await runJobs(t);
    expect(elsewhere.calls).toEqual([]);
    const run = await lastRun(t, workableId);
    expect(run.status).toBe(3);
    expect(run.error).toMatch(/another host/);
    const log = await p.admin.get(`/integrations/run-log/${workableId}`);
    expect(log.body.data[0]).toMatchObject({ status: 'failed' });
  });

  it('stops a Greenhouse sync at a Link header to another host, and follows its own', async () => {
    const res = await p.admin.post('/integrations/greenhouse', {
      clientId: gh.clientId,
      clientSecret: gh.clientSecret,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await runJobs(t);
    const own = await lastRun(t, res.body.id);
    expect(own).toMatchObject({ status: 2 });
    expect(gh.calls.filter((call) => call.path.startsWith('/v3/jobs?status=open')).length).toBeGreaterThanOrEqual(2);
    gh.fail('GET', /^\/v3\/jobs$/, {
      body: [{ id: 101, name: 'Mobile Engineer', status: 'open' }],
      headers: { Link: `<${elsewhere.url}/v3/jobs?status=open&per_page=2&cursor=2>; rel="next"` },
    });
    await p.admin.put(`/integrations/manual/sync/${res.body.id}`);
    await runJobs(t);
    expect(elsewhere.calls).toEqual([]);
    expect(await lastRun(t, res.body.id)).toMatchObject({ status: 3, error: expect.stringMatching(/another host/) });
  });
});

describe('Signing in with Lever', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await t.login('owner@acme.example.com');
  });

  /** The callback path Lever sends the browser back to, after the admin asked for a sign-in. */
  async function approvedCallback(): Promise<string> {
    const res = await client(t, adminToken).get('/integrations/lever/sign-in');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const approved = await fetch(res.body.url, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    return back.pathname + back.search;
  }
  const open = (path: string, token?: string) => {
    const req = t.http.get(path);
    return token ? req.set('Cookie', `tb_session=${token}`) : req;
  };
  const exchanges = () => lv.calls.filter((call) => call.path.startsWith('/oauth/token')).length;
  const lever = () => t.knex('integrations').where('kind', 'lever').first();

  it('refuses a callback without the session that started it, or in another person’s session, and saves nothing', async () => {
    const path = await approvedCallback();
    const before = exchanges();
    const memberToken = await t.login('member@acme.example.com');
    const globex = await t
      .knex('company_users as u')
      .join('companies as co', 'co.id', 'u.company_id')
      .where('co.company_name', 'Globex Analytics')
      .orderBy('u.id')
      .first('u.email');
    const otherToken = await t.login(globex.email);
    for (const token of [undefined, memberToken, otherToken]) {
      const res = await open(path, token);
      expect(res.status).toBe(303);
      expect(res.headers.location).toMatch(/lever=failed$/);
    }
    expect(exchanges()).toBe(before);
    expect(await lever()).toBeUndefined();
    // The state was not spent by those refusals: the admin's own browser still finishes.
    const own = await open(path, adminToken);
    expect(own.headers.location).toMatch(/lever=connected$/);
  });

  it('takes a state once: a second use is refused and changes nothing', async () => {
    await t.knex('integrations').where('kind', 'lever').delete();
    const path = await approvedCallback();
    expect((await open(path, adminToken)).headers.location).toMatch(/lever=connected$/);
    const saved = await lever();
    const before = exchanges();
    const again = await open(path, adminToken);
    expect(again.headers.location).toMatch(/lever=failed$/);
    expect(exchanges()).toBe(before);
    expect(await lever()).toEqual(saved);
  });
});
