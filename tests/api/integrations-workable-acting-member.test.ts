/**
 * Whom the product acts as in Workable: the account member whose email is that of the company user
 * who connects (matched without regard to case), not the account's first admin, so Workable's own
 * record of each move and disqualification names the person who connected. A connection by someone
 * the account has no active member for is refused on the token's field, naming the email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { lastRun, people, projectWith, setStage, type People } from '../helpers/ats/world';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ws: WorkableStandIn;
let p: People;

const OWNER = 'owner@acme.example.com';
const INTERVIEWING = 3;
const REJECTED = 6;

beforeAll(async () => {
  t = await testApp();
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
});
afterAll(async () => {
  await t?.knex.destroy();
});

const owner = () => ws.members.find((m) => m.id === 'm-21')!;
const connect = () => p.admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });

describe('Workable: the member the product acts as', () => {
  it('moves and disqualifies in the name of the member with the connecting user’s email', async () => {
    owner().email = 'Owner@Acme.Example.com';
    const res = await connect();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const integrationId = res.body.id as number;
    await runJobs(t);
    const { project, candidates } = await projectWith(t, 'Acting member hires', 2, INTERVIEWING, 480);
    const linked = await p.admin.put(`/integrations/project-job/${integrationId}`, {
      projectId: project.id,
      jobId: 'BE01',
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    expect(await lastRun(t, integrationId)).toMatchObject({ status: 2, created: 2, failed: 0 });
    await setStage(t, project.id, candidates[1], REJECTED);
    await p.admin.put(`/integrations/manual/sync/${integrationId}`);
    await runJobs(t);
    expect(await lastRun(t, integrationId)).toMatchObject({ status: 2, updated: 1, failed: 0 });
    const acted = ws.calls.filter((c) => c.method === 'POST' && /\/candidates\/[^/]+\/(move|disqualify)$/.test(c.path));
    expect(acted.filter((c) => c.path.endsWith('/move'))).toHaveLength(2);
    expect(acted.filter((c) => c.path.endsWith('/disqualify'))).toHaveLength(1);
    expect(acted.map((c) => (c.body as { member_id?: string }).member_id)).toEqual(['m-21', 'm-21', 'm-21']);
  });

  it('refuses a connection by someone the account has no active member for, naming their email', async () => {
    const [{ id }] = await t.knex('integrations').where('kind', 'workable').select('id');
    expect((await p.admin.delete(`/integrations/remove/${id}`)).status).toBe(200);
    owner().active = false;
    const res = await connect();
    owner().active = true;
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ apiKey: 'apiKey.errors.noMember' });
    expect(res.body.error.message).toContain(OWNER);
    expect(res.body.error.email).toBe(OWNER);
    expect(await t.knex('integrations').select('id')).toEqual([]);
  });
});
