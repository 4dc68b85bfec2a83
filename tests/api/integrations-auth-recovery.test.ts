/**
 * An "auth error" is over once the ATS answers again, and a permission the credentials lack is no
 * dead key, with Ashby's real client against its stand-in on loopback: a 403
 * `missing_endpoint_permission` (Ashby's `errorInfo`) ends the run with the vendor's code and message
 * ("a permission is missing"), not
 * "connect it again", and sends no "connect again" email; once the permission is granted, "Sync now"
 * succeeds and sets the integration back to connected, telling nobody, so the daily schedule takes it
 * up again. Ashby's other 403 (a wrong or deactivated key) is still refused credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { ashbyError, type AshbyStandIn } from '../helpers/ats/ashby';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun, people, projectWith, type People } from '../helpers/ats/world';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs, runJobsOnce } from '../helpers/jobs';

let t: TestApp;
let ashby: AshbyStandIn;
let p: People;
let id: number;
let project: number;

const SHORTLIST = 2;
const OWNER = 'owner@acme.example.com';
const PERMISSION =
  'The ATS refused a call, a permission is missing: missing_endpoint_permission: The API key is missing the candidatesWrite permission. Grant it in the ATS, then sync again.';

beforeAll(async () => {
  t = await testApp();
  [ashby] = await atsStandIns(t.config, ['ashby'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
  const res = await p.admin.post('/integrations/add', { kind: 'ashby', apiKey: ashby.apiKey });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  id = res.body.id;
  await runJobs(t);
  ({
    project: { id: project },
  } = await projectWith(t, 'Permission hires', 2, SHORTLIST, 350));
  const linked = await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: 'job-eng' });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
});
afterAll(async () => {
  await t?.knex.destroy();
});

const chip = async () =>
  (await p.admin.get('/integrations/integration-list')).body.kinds.find((k: { key: string }) => k.key === 'ashby')
    .integration.status as string;

async function syncNow() {
  expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
  await runJobs(t);
  return lastRun(t, id);
}

const connectAgainMails = async () =>
  (await listOutbox(t.knex, OWNER)).filter((m) => m.subject === 'Your Ashby integration needs to be connected again');

describe('A permission missing in the ATS, then granted', () => {
  it("reports the vendor's reason as a missing permission, not as credentials to connect again", async () => {
    ashby.withhold(/^\/candidate\.create$/, 'candidatesWrite');
    const run = await syncNow();
    ashby.grantAll();
    expect(run).toMatchObject({ status: 3, error: PERMISSION });
    expect(await chip()).toBe('authError');
    expect(await connectAgainMails()).toEqual([]);
  });

  it('sets the integration back to connected when "Sync now" succeeds, and tells nobody', async () => {
    const mails = (await listOutbox(t.knex, OWNER)).length;
    const run = await syncNow();
    expect(run).toMatchObject({ status: 2, created: 2, failed: 0, error: null });
    expect(await chip()).toBe('connected');
    expect((await listOutbox(t.knex, OWNER)).length).toBe(mails);
  });

  it('is taken up by the daily schedule again', async () => {
    await t
      .knex('integrations')
      .where('id', id)
      .update({ last_synced_at: new Date(Date.now() - 25 * 3600 * 1000) });
    await t.knex.raw("select graphile_worker.add_job('schedule_integration_syncs', '{}'::json)");
    const { taskList, workerLogger } = await import('../../backend/jobs/worker');
    await runJobsOnce({
      connectionString: t.url,
      taskList: { schedule_integration_syncs: taskList(t.config, t.url).schedule_integration_syncs },
      logger: workerLogger,
    });
    const jobs = await t.knex('graphile_worker.jobs').where('task_identifier', 'sync_integration');
    expect(jobs).toHaveLength(1);
    await runJobs(t);
  });
});

describe("Ashby's other 403", () => {
  it('is a wrong or deactivated key: "connect it again", mended by the next run the key works for', async () => {
    ashby.fail(
      'POST',
      /^\/job\.list$/,
      { status: 403, body: ashbyError('invalid_api_key', 'The API key provided is deactivated') },
      1,
    );
    expect(await syncNow()).toMatchObject({
      status: 3,
      error: 'The ATS refused our credentials. Connect it again.',
    });
    expect(await chip()).toBe('authError');
    expect(await connectAgainMails()).toHaveLength(1);
    expect(await syncNow()).toMatchObject({ status: 2, error: null });
    expect(await chip()).toBe('connected');
  });
});
