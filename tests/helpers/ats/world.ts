/**
 * The people and pipeline the integration tests share: Acme's Admin and Member, a RaaS company
 * Admin, a platform admin and an Admin of another normal company (Globex); an Acme project with
 * candidates at chosen stages; the worker's jobs run once, as the worker would; and an app with
 * Greenhouse's stand-in connected by Acme's Admin.
 */
import { client, type Client } from '../actors';
import { afterAll, beforeAll, expect } from 'vitest';
import { testApp, type TestApp } from '../app';
import { INTEGRATION_STATUS } from '../../../schema/rules/ats';
import type { GreenhouseStandIn } from './greenhouse';
import type { WorkableStandIn } from './workable';
import { atsStandIns } from './vendors';
import { activeCandidates, addToProject, makeProject, type TestProject } from '../interviews';
import { runJobs } from '../jobs';

export interface People {
  admin: Client;
  member: Client;
  raas: Client;
  platform: Client;
  otherCompany: Client;
}

export async function people(t: TestApp): Promise<People> {
  const globex = await t
    .knex('company_users as u')
    .join('companies as c', 'c.id', 'u.company_id')
    .where('c.company_name', 'Globex Analytics')
    .orderBy('u.id')
    .first('u.id', 'u.email');
  await t.knex('company_users').where('id', globex.id).update({ role: 1, status: 1 });
  return {
    admin: client(t, await t.login('owner@acme.example.com')),
    member: client(t, await t.login('member@acme.example.com')),
    raas: client(t, await t.login('owner@raas.example.com')),
    platform: client(t, await t.login('admin@example.com')),
    otherCompany: client(t, await t.login(globex.email)),
  };
}

/** An Acme project with `count` fresh active, visible, named candidates at `stage`; skips the first `skip` such candidates. */
export async function projectWith(
  t: TestApp,
  title: string,
  count: number,
  stage: number,
  skip: number,
): Promise<{ project: TestProject; candidates: number[] }> {
  const project = await makeProject(t.knex, { title });
  const candidates = await activeCandidates(t.knex, count, { skip });
  await addToProject(t.knex, project, candidates, stage);
  return { project, candidates };
}

export async function setStage(t: TestApp, projectId: number, candidateId: number, stage: number): Promise<void> {
  await t.knex('project_candidates').where({ project_id: projectId, candidate_id: candidateId }).update({ stage });
}

export async function lastRun(t: TestApp, integrationId: number) {
  return t.knex('integration_runs').where('integration_id', integrationId).orderBy('id', 'desc').first();
}

/**
 * An app with Greenhouse's stand-in (vendor waits of at most 2 s, one retry) connected by Acme's Admin,
 * its jobs pulled once; the people above.
 */
export async function greenhouseConnected(): Promise<{
  t: TestApp;
  gh: GreenhouseStandIn;
  p: People;
  integrationId: number;
}> {
  const t = await testApp();
  const [gh] = await atsStandIns(t.config, ['greenhouse'], { maxRetryWaitMs: 2000, retries: 1 });
  const p = await people(t);
  const added = await p.admin.post('/integrations/greenhouse', {
    clientId: gh.clientId,
    clientSecret: gh.clientSecret,
  });
  expect(added.status, `connect Greenhouse: ${JSON.stringify(added.body)}`).toBeLessThan(300);
  await runJobs(t);
  return { t, gh, p, integrationId: Number((added.body as { id?: string }).id) };
}

/** An app with Workable's stand-in (vendor waits of at most 2 s, one retry) connected by Acme's Admin, its jobs pulled once. */
export async function workableConnected(): Promise<{
  t: TestApp;
  ws: WorkableStandIn;
  p: People;
  integrationId: number;
}> {
  const t = await testApp();
  const [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 2000, retries: 1 });
  const p = await people(t);
  const res = await p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await runJobs(t);
  return { t, ws, p, integrationId: res.body.id as number };
}

/**
 * `by` connects Workable's stand-in, which then refuses the key (revoked) on a manual sync; the integration is left
 * in the credentials error state. Answers the integration's id.
 */
export async function workableRefused(t: TestApp, ws: WorkableStandIn, by: Client): Promise<number> {
  const added = await by.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const token = ws.token;
  ws.token = 'revoked';
  try {
    expect((await by.put(`/integrations/manual/sync/${added.body.id}`)).status).toBe(200);
    await runJobs(t);
  } finally {
    ws.token = token;
  }
  const { status } = await t.knex('integrations').where('id', added.body.id).first('status');
  expect(status).toBe(INTEGRATION_STATUS.authError);
  return added.body.id as number;
}

/** Expects `res` to have succeeded (a status below 300), naming `what` and the body when it did not. */
export const ok = (res: { status: number; body: unknown }, what: string) =>
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);

/**
 * Connects before the file's tests (`connect`: greenhouseConnected, workableConnected), handing what it made to
 * `take`; the app's database is closed after them.
 */
export function connectedForFile<W extends { t: TestApp }>(connect: () => Promise<W>, take: (made: W) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    const made = await connect();
    t = made.t;
    take(made);
  }, 120_000);
  afterAll(async () => {
    await t?.knex.destroy();
  });
}

/** syncFailed events the company's Owner has been told of. */
export async function failureEvents(p: People): Promise<number> {
  const res = await p.admin.get('/notifications?filter=all');
  const mine = (res.body.data as { kind: string; events: number }[]).filter((n) => n.kind === 'syncFailed');
  return mine.reduce((sum, n) => sum + n.events, 0);
}

/** Emails in the outbox, of anybody. */
export const outboxCount = async (t: TestApp) =>
  Number((await t.knex('outbox_emails').count<{ n: string }[]>({ n: '*' }))[0].n);

/**
 * The platform admin records `candidateId`'s erasure and carries it out early, and the worker runs its jobs: the
 * request's id and the ATS records of its report.
 */
export async function eraseForAts(t: TestApp, p: People, candidateId: number) {
  const recorded = await p.platform.post('/data-rights/erasures', { candidateId: `Candidate:${candidateId}` });
  ok(recorded, 'record the erasure');
  ok(await p.platform.post(`/data-rights/erasures/${recorded.body.id}/carry-out`, { early: true }), 'erase');
  await runJobs(t);
  const requestId = Number(String(recorded.body.id).replace('ErasureRequest:', ''));
  const { report } = await t.knex('erasure_requests').where('id', requestId).first('report');
  return { requestId, records: report.atsRecords as Record<string, unknown>[] };
}
