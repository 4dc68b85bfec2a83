/**
 * Whom the product acts as in Lever: the Lever user whose email is that of the company user who
 * signs in (matched without regard to case), not the account's first super admin, so Lever's own
 * record of each opportunity the product adds or moves names the person who connected it. Someone
 * Lever does not know, or who is past the first page of its users, is integrations-lever-scopes-users.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import type { LeverStandIn } from '../helpers/ats/lever';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun, projectWith } from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let lv: LeverStandIn;
let admin: Client;
let adminToken: string;

beforeAll(async () => {
  t = await testApp();
  [lv] = await atsStandIns(t.config, ['lever'], { maxRetryWaitMs: 2000, retries: 1 });
  adminToken = await t.login('owner@acme.example.com');
  admin = client(t, adminToken);
  // In place of the stand-in's own Acme Owner: a deactivated user with the email, then the active one in other case.
  lv.users.splice(
    1,
    lv.users.length - 1,
    { id: 'user-9', name: 'Former Owner', accessRole: 'admin', email: 'owner@acme.example.com', deactivatedAt: 1 },
    { id: 'user-2', name: 'Acme Owner', accessRole: 'team member', email: 'Owner@Acme.example.com' },
  );
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
  return done.headers.location as string;
}

describe('Lever: the user the product acts as', () => {
  it('is the active Lever user with the email of the person who signed in', async () => {
    expect(await signIn()).toMatch(/lever=connected$/);
    const row = await t.knex('integrations').where('kind', 'lever').first();
    expect(row).toMatchObject({ status: 1, account: 'Acme Owner' });
    const {
      project: { id: project },
    } = await projectWith(t, 'Acting user hires', 1, 2, 470);
    await runJobs(t);
    const linked = await admin.put(`/integrations/project-job/${row.id}`, { projectId: project, jobId: 'post-a' });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    await admin.put(`/integrations/manual/sync/${row.id}`);
    await runJobs(t);
    expect(await lastRun(t, row.id)).toMatchObject({ status: 2, created: 1, failed: 0 });
    const created = lv.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/v1/opportunities'));
    expect(created).toHaveLength(1);
    expect(new URL(created[0].path, 'http://x').searchParams.get('perform_as')).toBe('user-2');
  });
});
