/**
 * A sync that fails for another reason than refused credentials (here candidates the ATS would not take) is emailed by
 * each manager's syncFailed preference: once for one who stands at "in the app and by email" (the default), none for
 * one who reads it in the app. Refused credentials have their own email instead (notifications-own-emails-in-app).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { lastRun, projectWith } from '../helpers/ats/world';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ws: WorkableStandIn;
let owner: Client;

beforeAll(async () => {
  t = await testApp();
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 2000, retries: 2 });
  owner = client(t, await t.login('owner@acme.example.com'));
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

const mailsAbout = async (to: string, words: string) =>
  (await listOutbox(t.knex, to, 100)).filter((m) => `${m.subject}\n${m.text}`.includes(words));

describe('A sync whose candidates the ATS refused', () => {
  it('emails a manager on the default once and one who reads it in the app not at all', async () => {
    const companyId = (await t.knex('company_users').where('email', 'owner@acme.example.com').first('company_id'))
      .company_id as number;
    await t.knex('company_users').insert({
      company_id: companyId,
      email: 'ops@acme.example.com',
      first_name: 'Opal',
      last_name: 'Sato',
      role: 1,
      status: 1,
    });
    expect((await owner.put('/notification-preferences', { kind: 'syncFailed', channel: 'inApp' })).status).toBe(200);

    const added = await owner.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.id as number;
    await owner.put(`/integrations/manual/sync/${id}`);
    await runJobs(t);
    const { project } = await projectWith(t, 'Platform hires', 1, 2, 340);
    expect((await owner.put(`/integrations/project-job/${id}`, { projectId: project.id, jobId: 'BE01' })).status).toBe(
      200,
    );
    ws.fail('POST', /\/jobs\/BE01\/candidates$/, { status: 500, body: { error: 'Internal error' } }, 3);
    await owner.put(`/integrations/manual/sync/${id}`);
    await runJobs(t);
    expect(await lastRun(t, id)).toMatchObject({ status: 2, failed: 1 });

    expect(await mailsAbout('ops@acme.example.com', 'could not send 1 candidate')).toHaveLength(1);
    expect(await mailsAbout('owner@acme.example.com', 'could not send 1 candidate')).toEqual([]);
  });
});
