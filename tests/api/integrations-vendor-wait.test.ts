/**
 * A vendor asking to wait longer than a run waits (a 429 with a long Retry-After), with Workable's
 * real client against its stand-in on loopback: the run stops calling the vendor at once, fails no
 * record, says the vendor asked to wait and until when; "Sync now" before that time calls nobody
 * and is put off to that time; once it has passed, the records left are pushed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { atsStandIns } from '../helpers/ats/vendors';
import type { WorkableStandIn } from '../helpers/ats/workable';
import { lastRun, projectWith } from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ws: WorkableStandIn;
let admin: Client;
let id: number;

const SHORTLIST = 2;
const WAIT_SECONDS = 120;

beforeAll(async () => {
  t = await testApp();
  [ws] = await atsStandIns(t.config, ['workable'], { maxRetryWaitMs: 5000, retries: 2 });
  admin = client(t, await t.login('owner@acme.example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

const runs = async () => (await t.knex('integration_runs').where('integration_id', id).count({ n: '*' }))[0].n;

describe('A vendor that asks to wait', () => {
  let asked: number;

  it('ends the run at once: nothing failed, nothing more sent, the wait and its end reported', async () => {
    const res = await admin.post('/integrations/add', { kind: 'workable', subdomain: 'acme', apiKey: ws.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    id = res.body.id;
    await runJobs(t);
    const {
      project: { id: project },
    } = await projectWith(t, 'Waiting hires', 3, SHORTLIST, 200);
    expect((await admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: 'BE01' })).status).toBe(
      200,
    );
    ws.fail('POST', /\/jobs\/BE01\/candidates$/, {
      status: 429,
      headers: { 'Retry-After': String(WAIT_SECONDS) },
      body: { error: 'Rate limit exceeded' },
    });
    const calls = ws.calls.length;
    asked = Date.now();
    await admin.put(`/integrations/manual/sync/${id}`);
    await runJobs(t);
    const made = ws.calls.slice(calls);
    const limited = made.findIndex((c) => c.status === 429);
    expect(limited).toBeGreaterThanOrEqual(0);
    expect(made.slice(limited + 1)).toEqual([]);
    const run = await lastRun(t, id);
    expect(run).toMatchObject({ status: 2, created: 0, failed: 0 });
    expect(run.error).toMatch(/Workable asked us to wait until \d{4}-\d\d-\d\dT/);
    const until = Date.parse(/until (\S+Z)/.exec(run.error)![1]);
    expect(until).toBeGreaterThanOrEqual(asked + WAIT_SECONDS * 1000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + WAIT_SECONDS * 1000 + 1000);
    const [state] = (await admin.get('/integrations/last-sync')).body.data;
    expect(Date.parse(state.waitUntil)).toBe(until);
    expect(state.lastRun).toMatchObject({ failed: 0, failures: [] });
    expect(ws.candidates.filter((c) => c.job === 'BE01')).toEqual([]);
  });

  it('calls nobody on "Sync now" before that time, and puts the sync off to it', async () => {
    const calls = ws.calls.length;
    const before = await runs();
    await admin.put(`/integrations/manual/sync/${id}`);
    await runJobs(t);
    expect(ws.calls.length).toBe(calls);
    expect(await runs()).toBe(before);
    const [job] = await t.knex('graphile_worker.jobs').where('task_identifier', 'sync_integration');
    expect(new Date(job.run_at).getTime()).toBeGreaterThanOrEqual(asked + WAIT_SECONDS * 1000 - 1000);
    expect((await admin.get(`/integrations/last-sync/${id}`)).body).toMatchObject({ sync: 'queued' });
  });

  it('pushes the records left once the time has come, and clears the wait', async () => {
    // The vendor's time passes: the wait ends and the put-off sync is due.
    await t
      .knex('integrations')
      .where('id', id)
      .update({ settings: t.knex.raw(`settings || '{"waitUntil":"2000-01-01T00:00:00.000Z"}'::jsonb`) });
    await t.knex.raw('update graphile_worker._private_jobs set run_at = now() where key = ?', [
      `integration_sync:${id}`,
    ]);
    await runJobs(t);
    expect(await lastRun(t, id)).toMatchObject({ status: 2, created: 3, failed: 0, error: null });
    expect(ws.candidates.filter((c) => c.job === 'BE01')).toHaveLength(3);
    const row = await t.knex('integrations').where('id', id).first('settings', 'last_synced_at');
    expect(row.settings.waitUntil).toBeUndefined();
    expect(row.last_synced_at).not.toBeNull();
  });
});
