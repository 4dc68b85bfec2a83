/**
 * Lever through sign-in: the authorization-code round trip with openid-client against the Lever
 * stand-in on loopback (signed state, forged state refused), tokens sealed and never answered,
 * idempotent syncs, an expired access token refreshed, a placed candidate archived as hired, and
 * a refused refresh marked "auth error" with an email to the company's admins, mended by signing
 * in again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import type { LeverStandIn } from '../helpers/ats/lever';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun, projectWith, setStage } from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let lv: LeverStandIn;
let admin: Client;
let adminToken: string;
let id: number;

beforeAll(async () => {
  t = await testApp();
  [lv] = await atsStandIns(t.config, ['lever'], { maxRetryWaitMs: 5000, retries: 2 });
  adminToken = await t.login('owner@acme.example.com');
  admin = client(t, adminToken);
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** Asks for the sign-in URL, lets the stand-in approve, and follows its redirect to the callback in the same browser session. */
async function signIn(tamper?: (state: string) => string) {
  const res = await admin.get('/integrations/lever/sign-in');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const approved = await fetch(res.body.url, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location')!);
  if (tamper) back.searchParams.set('state', tamper(back.searchParams.get('state')!));
  const done = await t.http.get(back.pathname + back.search).set('Cookie', `tb_session=${adminToken}`);
  expect(done.status).toBe(303);
  return { authorizeUrl: new URL(res.body.url), landing: done.headers.location as string };
}

describe('Signing in with Lever', () => {
  it('is refused to a Member', async () => {
    const member = client(t, await t.login('member@acme.example.com'));
    expect((await member.get('/integrations/lever/sign-in')).status).toBe(403);
  });

  it('stores nothing when the state comes back forged', async () => {
    const { landing } = await signIn((s) => `${s.split('.')[0]}.${'0'.repeat(64)}`);
    expect(landing).toMatch(/\/integrations\?lever=failed$/);
    expect(await t.knex('integrations').where('kind', 'lever').first()).toBeUndefined();
  });

  it('connects through the authorization code flow, asking for a refresh token, and never answers a token', async () => {
    const { authorizeUrl, landing } = await signIn();
    expect(authorizeUrl.searchParams.get('audience')).toBe('https://api.lever.co/v1/');
    expect(authorizeUrl.searchParams.get('scope')).toContain('offline_access');
    expect(landing).toMatch(/\/integrations\?lever=connected$/);
    const row = await t.knex('integrations').where('kind', 'lever').first();
    expect(row).toMatchObject({ status: 1, account: 'Acme Owner' });
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain('lvat-');
    id = row.id;
    const list = await admin.get('/integrations/integration-list');
    expect(JSON.stringify(list.body)).not.toMatch(/lvat-|lvrt-/);
    expect(list.body.kinds.find((k: { key: string }) => k.key === 'lever').integration.status).toBe('connected');
  });
});

describe('Syncing with Lever', () => {
  let project: number;
  let candidates: number[];

  it('pushes shortlisted candidates as sourced opportunities, and nothing new the second time', async () => {
    ({
      project: { id: project },
      candidates,
    } = await projectWith(t, 'Sales hires', 2, 2, 440));
    await runJobs(t);
    expect((await admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: 'post-c' })).status).toBe(
      200,
    );
    await admin.put(`/integrations/manual/sync/${id}`);
    await runJobs(t);
    expect(lv.opportunities).toHaveLength(2);
    expect(
      lv.opportunities.every((o) => o.origin === 'sourced' && o.stage === 'stage-screen' && o.posting === 'post-c'),
    ).toBe(true);
    await admin.put(`/integrations/manual/sync/${id}`);
    await runJobs(t);
    expect(lv.opportunities).toHaveLength(2);
    expect(await lastRun(t, id)).toMatchObject({ created: 0, failed: 0 });
  });

  it('refreshes an expired access token, stores the new tokens sealed, and follows a stage change and a rejection', async () => {
    const before = (await t.knex('integrations').where('id', id).first('credentials')).credentials;
    await setStage(t, project, candidates[0], 3);
    await setStage(t, project, candidates[1], 6);
    lv.expireAccessTokens();
    await admin.put(`/integrations/manual/sync/${id}`);
    await runJobs(t);
    expect(lv.refreshes).toBe(1);
    expect(await lastRun(t, id)).toMatchObject({ updated: 2, failed: 0, status: 2 });
    expect(lv.opportunities.map((o) => o.stage)).toContain('stage-onsite');
    expect(lv.opportunities.filter((o) => o.archivedReason === 'ar-nf')).toHaveLength(1);
    expect((await t.knex('integrations').where('id', id).first('credentials')).credentials).not.toBe(before);
  });

  it('records a placed candidate as Lever records a hire (archived with its hired reason), and tells nobody of a change', async () => {
    await setStage(t, project, candidates[0], 5);
    await admin.put(`/integrations/manual/sync/${id}`);
    await runJobs(t);
    expect(await lastRun(t, id)).toMatchObject({ updated: 1, failed: 0 });
    expect(lv.opportunities.filter((o) => o.archivedReason === 'ar-hired')).toHaveLength(1);
    // Read back as hired, which is where the product has them: no "changed in Lever" notice of our own push.
    const notices = (await admin.get('/notifications?filter=all')).body.data as { kind: string; link: string }[];
    expect(notices.filter((n) => n.kind === 'atsStatusChanged' && n.link === `/project/${project}`)).toEqual([]);
  });

  it('marks "auth error" and emails the company admins when the refresh is refused; signing in again mends it', async () => {
    lv.expireAccessTokens();
    lv.revokeRefreshTokens();
    await admin.put(`/integrations/manual/sync/${id}`);
    await runJobs(t);
    expect(await lastRun(t, id)).toMatchObject({
      status: 3,
      error: 'The ATS refused our credentials. Connect it again.',
    });
    const lever = (await admin.get('/integrations/integration-list')).body.kinds.find(
      (k: { key: string }) => k.key === 'lever',
    ).integration;
    expect(lever.status).toBe('authError');
    const [mail] = await listOutbox(t.knex, 'owner@acme.example.com', 1);
    expect(mail.subject).toBe('Your Lever integration needs to be connected again');
    const { landing } = await signIn();
    expect(landing).toMatch(/lever=connected$/);
    expect((await t.knex('integrations').where('id', id).first('status')).status).toBe(1);
  });
});
