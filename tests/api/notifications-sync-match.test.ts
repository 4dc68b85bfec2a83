/**
 * The notifications two capabilities raise when they end: a failed ATS sync tells the company's
 * users who may manage its integrations (Owners and Admins, not a Member, nobody of another
 * company, no platform admin), linked to /integrations, one thread per integration; an AI match
 * that ends tells the admin who started it, linked to the run, and nobody else (not when they
 * cancelled it themselves).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND } from '../../schema/entities/live/notification';
import { client, type Client } from '../helpers/actors';
import { JD, matchOnce, matchWorld, type MatchWorld } from '../helpers/aiMatch';
import { testApp, type TestApp } from '../helpers/app';
import { lastRun, people, projectWith, type People } from '../helpers/ats/world';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ws: WorkableStandIn;
let p: People;
let w: MatchWorld;
let advocate: Client;

beforeAll(async () => {
  t = await testApp();
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 2000, retries: 2 });
  // The product's matcher judges: no language model needed to end a run.
  t.config.llm = undefined;
  t.config.aiMatch = { retrieve: 100, judgeTop: 3 };
  p = await people(t);
  w = await matchWorld(t);
  advocate = client(t, await t.login('advocate@example.com'));
  for (let i = 0; i < 3; i += 1) await w.fit({ firstName: `Match${i}`, lastName: 'Person' });
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

interface Thread {
  kind: string;
  title: string;
  link: string;
  unread: boolean;
  events: number;
  subject: string;
}
const threads = async (who: Client, kind: string): Promise<Thread[]> => {
  const res = await who.get('/notifications?filter=all');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as Thread[]).filter((n) => n.kind === kind);
};
/** Every recipient of a kind, as `kind:id` (1 admin, 2 company user). */
const recipientsOf = async (kind: keyof typeof NOTIFICATION_KIND) =>
  (
    (await t
      .knex('notifications')
      .where('kind', NOTIFICATION_KIND[kind])
      .orderBy('recipient_id')
      .select('recipient_kind', 'recipient_id')) as {
      recipient_kind: number;
      recipient_id: number;
    }[]
  ).map((r) => `${r.recipient_kind}:${r.recipient_id}`);

describe('A failed ATS sync', () => {
  let integrationId: number;
  let acmeManagers: string[];

  beforeAll(async () => {
    const res = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    integrationId = res.body.id;
    // The first sync pulls the ATS's open jobs, so a project can be linked to one.
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    const { project } = await projectWith(t, 'Backend hires', 1, 2, 300);
    expect(
      (await p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId: 'BE01' }))
        .status,
    ).toBe(200);
    const companyId = (await t.knex('integrations').where('id', integrationId).first('company_id')).company_id;
    const managers = await t
      .knex('company_users')
      .where({ company_id: companyId, status: 1 })
      .whereIn('role', [0, 1])
      .orderBy('id')
      .select('id');
    acmeManagers = managers.map((m: { id: number }) => `2:${m.id}`);
    expect(acmeManagers.length).toBeGreaterThan(0);
  });

  it('tells nobody while syncs succeed', async () => {
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    expect(await lastRun(t, integrationId)).toMatchObject({ status: 2, failed: 0 });
    expect(await recipientsOf('syncFailed')).toEqual([]);
  });

  it("tells the company's Owners and Admins of candidates the ATS refused, linked to /integrations", async () => {
    const { project } = await projectWith(t, 'More backend hires', 1, 2, 330);
    expect(
      (await p.admin.put(`/integrations/project-job/${integrationId}`, { projectId: project.id, jobId: 'FE02' }))
        .status,
    ).toBe(200);
    ws.fail('POST', /\/jobs\/FE02\/candidates$/, { status: 500, body: { error: 'Internal error' } }, 3);
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    expect(await lastRun(t, integrationId)).toMatchObject({ status: 2, failed: 1 });
    expect(await threads(p.admin, 'syncFailed')).toEqual([
      expect.objectContaining({
        title: 'The Workable sync could not send 1 candidate',
        link: '/integrations',
        unread: true,
        events: 1,
      }),
    ]);
    expect(await recipientsOf('syncFailed')).toEqual(acmeManagers);
  });

  it('updates the same thread when the ATS refuses the credentials, unread again', async () => {
    await p.admin.post('/notifications/read-all', {}).expect(200);
    const token = ws.token;
    ws.token = 'revoked';
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    ws.token = token;
    expect(await lastRun(t, integrationId)).toMatchObject({ status: 3 });
    expect(await threads(p.admin, 'syncFailed')).toEqual([
      expect.objectContaining({
        title: 'The Workable sync failed: The ATS refused our credentials. Connect it again.',
        link: '/integrations',
        unread: true,
        events: 2,
        subject: `integration:${integrationId}:sync`,
      }),
    ]);
    expect(await recipientsOf('syncFailed')).toEqual(acmeManagers);
  });

  it('tells no Member, no other company, no RaaS company and no platform admin', async () => {
    for (const who of [p.member, p.otherCompany, p.raas, p.platform])
      expect(await threads(who, 'syncFailed')).toEqual([]);
    // Candidates have no inbox at all.
    expect((await w.candidate.get('/notifications')).status).toBe(403);
  });
});

describe('An AI match that ends', () => {
  const runLink = (id: string) => `/ai-match?run=${id}`;

  it('tells the admin who started it that it finished, with the count judged, linked to the run, and nobody else', async () => {
    const run = await matchOnce(t, w.admin, { jobDescription: JD });
    expect(run.status).toBe('done');
    expect(await threads(w.admin, 'matchFinished')).toEqual([
      expect.objectContaining({
        title: `Your AI match "Senior Backend Engineer (Payments)" finished: 3 of 3 candidates judged`,
        link: runLink(run.id),
        subject: `aiMatchRun:${run.id.split(':')[1]}`,
        unread: true,
      }),
    ]);
    const admin = (await t.knex('admins').where('email', 'admin@example.com').first('id')).id;
    expect(await recipientsOf('matchFinished')).toEqual([`1:${admin}`]);
    for (const who of [advocate, p.admin, p.member, p.otherCompany])
      expect(await threads(who, 'matchFinished')).toEqual([]);
  });

  it('tells them when it failed, with the reason', async () => {
    const started = (await w.admin.post('/projects/ai-match', { jobDescription: `${JD}\nTeam: ledger.` })).body;
    expect((await w.admin.post(`/projects/ai-match/${started.id}/judge`, {})).status).toBe(200);
    // Requirements no reader could have written: the job fails on them.
    await t
      .knex('ai_match_runs')
      .where('id', Number(started.id.split(':')[1]))
      .update({ requirements: JSON.stringify({ skills: 'broken' }) });
    await runJobs(t);
    expect((await w.admin.get(`/projects/ai-status/${started.id}`)).body.status).toBe('failed');
    const thread = (await threads(w.admin, 'matchFinished')).find((n) => n.link === runLink(started.id));
    expect(thread?.title).toMatch(/^Your AI match "Senior Backend Engineer \(Payments\)" failed: /);
  });

  it('tells nobody when they cancel it themselves, and tells them when another admin cancels it', async () => {
    const before = (await recipientsOf('matchFinished')).length;
    const own = (await w.admin.post('/projects/ai-match', { jobDescription: `${JD}\nTeam: cards.` })).body;
    expect((await w.admin.post(`/projects/ai-match/${own.id}/cancel`, {})).status).toBe(200);
    expect(await recipientsOf('matchFinished')).toHaveLength(before);

    const other = (await w.admin.post('/projects/ai-match', { jobDescription: `${JD}\nTeam: fraud.` })).body;
    expect((await advocate.post(`/projects/ai-match/${other.id}/cancel`, {})).status).toBe(200);
    expect((await threads(w.admin, 'matchFinished')).find((n) => n.link === runLink(other.id))?.title).toBe(
      'Your AI match "Senior Backend Engineer (Payments)" was cancelled by another admin',
    );
    expect(await threads(advocate, 'matchFinished')).toEqual([]);
  });
});
