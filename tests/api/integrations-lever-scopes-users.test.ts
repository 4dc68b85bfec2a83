/**
 * Lever as its API behaves: the sign-in asks for every scope the adapter's calls need, `contact:read:admin`
 * included (a person pushed before from another project is read as their contact); a connection granted
 * before that scope was asked for meets Lever's 403, told plainly as a permission to grant by connecting
 * Lever again (not "credentials refused", no "connect it again" email, one notice for repeated runs), and
 * signing in again grants it. The user the product acts as is the person signing in, found on whichever
 * page of Lever's users they are; a person Lever has no active user for connects nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import type { LeverStandIn } from '../helpers/ats/lever';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun, outboxCount, projectWith } from '../helpers/ats/world';
import { addToProject, makeProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let lv: LeverStandIn;
let admin: Client;
let adminToken: string;
let id: number;

const SHORTLIST = 2;
const CONTACT_SCOPE = 'contact:read:admin';

beforeAll(async () => {
  t = await testApp();
  [lv] = await atsStandIns(t.config, ['lever'], { maxRetryWaitMs: 2000, retries: 1 });
  adminToken = await t.login('owner@acme.example.com');
  admin = client(t, adminToken);
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** Asks for the sign-in URL, lets the stand-in approve, and follows its redirect to the callback in the same session. */
async function signIn() {
  const res = await admin.get('/integrations/lever/sign-in');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const approved = await fetch(res.body.url, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location')!);
  const done = await t.http.get(back.pathname + back.search).set('Cookie', `tb_session=${adminToken}`);
  expect(done.status).toBe(303);
  return {
    scopes: new URL(res.body.url).searchParams.get('scope')!.split(' '),
    landing: String(done.headers.location),
  };
}

async function sync() {
  expect((await admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, id);
}

const userCalls = () => lv.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/v1/users'));

describe('Lever: the user signing in', () => {
  it('connects nothing for a person Lever has no active user for', async () => {
    const owner = lv.users.splice(
      lv.users.findIndex((u) => u.email === 'owner@acme.example.com'),
      1,
    );
    try {
      const { landing } = await signIn();
      expect(landing).toMatch(/\/integrations\?lever=noMember$/);
      expect(await t.knex('integrations').where('kind', 'lever').first()).toBeUndefined();
      expect(lv.calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/v1/'))).toEqual([]);
    } finally {
      lv.users.push(...owner);
      // Whatever a wrong outcome stored, the next tests start unconnected.
      await t.knex('integrations').where('kind', 'lever').delete();
    }
  });

  it('is found past the first page of Lever users, and acted as', async () => {
    // Acme's Owner after 150 others: on the second page of a hundred.
    const owner = lv.users.splice(
      lv.users.findIndex((u) => u.email === 'owner@acme.example.com'),
      1,
    );
    for (let i = 0; i < 150; i++)
      lv.users.push({
        id: `user-x${i}`,
        name: `Recruiter ${i}`,
        accessRole: 'team member',
        email: `r${i}@example.com`,
      });
    lv.users.push(...owner);
    // As an integration connected before the product asked for contacts was granted (the next tests').
    lv.withheld.add(CONTACT_SCOPE);
    const before = userCalls().length;
    const { landing } = await signIn();
    const row = await t.knex('integrations').where('kind', 'lever').first();
    id = row?.id;
    await runJobs(t);
    expect(landing).toMatch(/lever=connected$/);
    expect(userCalls().length - before).toBe(2);
    expect(row).toMatchObject({ status: 1, account: 'Acme Owner' });
    expect(row.settings.userId).toBe('user-acme');
  });
});

describe('Lever: the contact scope', () => {
  let candidate: number;

  it('missing from an older connection: told to connect Lever again, as a permission, without the credentials email', async () => {
    const {
      project: { id: first },
      candidates: [c],
    } = await projectWith(t, 'Lever first project', 1, SHORTLIST, 520);
    candidate = c;
    expect((await admin.put(`/integrations/project-job/${id}`, { projectId: first, jobId: 'post-a' })).status).toBe(
      200,
    );
    expect(await sync()).toMatchObject({ status: 2, created: 1, failed: 0 });
    // The same person pushed from another project: Lever is asked for the contact kept from the first push.
    const second = await makeProject(t.knex, { title: 'Lever second project' });
    await addToProject(t.knex, second, [candidate], SHORTLIST);
    expect((await admin.put(`/integrations/project-job/${id}`, { projectId: second.id, jobId: 'post-b' })).status).toBe(
      200,
    );
    const mails = await outboxCount(t);
    const run = await sync();
    expect(lv.calls.some((c) => c.path.startsWith('/v1/contacts/') && c.status === 403)).toBe(true);
    expect(run.status).toBe(3);
    expect(run.error).toContain(CONTACT_SCOPE);
    expect(run.error).toMatch(/connect Lever again/);
    expect(run.error).not.toBe('The ATS refused our credentials. Connect it again.');
    // The failure notice, naming the scope; not the "connect it again" email of refused credentials.
    const subjects = await t.knex('outbox_emails').orderBy('id').offset(mails).pluck('subject');
    expect(subjects.length).toBeGreaterThan(0);
    expect(subjects.every((s: string) => s.includes(CONTACT_SCOPE))).toBe(true);
    const told = await outboxCount(t);
    // The next run meets the same refusal and says the same, telling nobody again.
    expect((await sync()).error).toBe(run.error);
    expect(await outboxCount(t)).toBe(told);
    expect(lv.opportunities.filter((o) => o.posting === 'post-b')).toEqual([]);
  });

  it('is granted by signing in again, and the person joins the contact Lever already has', async () => {
    lv.withheld.clear();
    const { scopes, landing } = await signIn();
    expect(scopes).toContain(CONTACT_SCOPE);
    expect(landing).toMatch(/lever=connected$/);
    expect(await sync()).toMatchObject({ status: 2, created: 1, failed: 0 });
    const mine = lv.opportunities.filter((o) => o.contact === lv.opportunities[0].contact);
    expect(mine.map((o) => o.posting).sort()).toEqual(['post-a', 'post-b']);
    const created = lv.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/v1/opportunities'));
    expect(created.map((c) => new URL(c.path, 'http://x').searchParams.get('perform_as'))).toEqual([
      'user-acme',
      'user-acme',
    ]);
  });
});
