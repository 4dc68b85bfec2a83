/**
 * Forwarding analytics events (spec section 6) to a product-analytics service, through the real
 * forward_analytics task run by graphile-worker against a stand-in of PostHog's batch call on
 * loopback. Company users' events leave once, with a stable uuid and no candidate data; an outage
 * or a wrong key leaves them pending for the next run; without a service nothing leaves.
 */
import { Logger } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../../backend/config';
import { crontabFor, taskList } from '../../backend/jobs/worker';
import { client, type Client } from '../helpers/actors';
import { analyticsStandIn, type AnalyticsStandIn } from '../helpers/analytics';
import { testApp, TEST_SECRET, type TestApp } from '../helpers/app';
import { runJobsOnce } from '../helpers/jobs';

const silent = new Logger(() => () => {});
let t: TestApp;
let owner: Client;
let admin: Client;
let service: AnalyticsStandIn;

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  admin = client(t, await t.login('admin@example.com'));
  service = await analyticsStandIn();
});
afterAll(async () => {
  await service?.close();
  await t?.knex.destroy();
});

const configWith = (analytics?: Config['analytics']) => loadConfig({ secret: TEST_SECRET, env: 'test', analytics });
/** Queues the job and runs the worker once, as its schedule would. */
async function forward(analytics?: Config['analytics']) {
  await t.knex.raw(`select graphile_worker.add_job('forward_analytics')`);
  // A job that failed before waits for its back-off; the next run takes it at once.
  await t.knex.raw(
    `update graphile_worker._private_jobs set run_at = now() where task_id = (select id from graphile_worker._private_tasks where identifier = 'forward_analytics')`,
  );
  await runJobsOnce(
    { connectionString: t.url, logger: silent, noHandleSignals: true },
    taskList(configWith(analytics), t.url),
  );
}
const pending = async () =>
  Number(
    (await t.knex('analytics_events').whereNull('forwarded_at').count<{ count: string }[]>('* as count'))[0].count,
  );
const failedJobs = () =>
  t.knex.raw(
    `select j.last_error from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'forward_analytics' and j.last_error is not null`,
  );
const sent = () => service.batches.flat();

describe('Forwarding analytics events', () => {
  it('is scheduled only once a service is configured', () => {
    expect(crontabFor(configWith())).not.toContain('forward_analytics');
    expect(crontabFor(configWith({ url: service.url, key: service.key }))).toMatch(
      /^\* \* \* \* \* forward_analytics\b/m,
    );
  });

  it('without a service, events stay in the database and nothing leaves', async () => {
    expect((await owner.get('/search?ts=engineer')).status).toBe(200);
    await vi.waitFor(async () => expect(await pending()).toBe(1));
    await forward(undefined);
    expect(await pending()).toBe(1);
    expect(service.batches).toEqual([]);
  });

  it("sends company users' events once, with a stable uuid, the user's id as the person and no candidate data", async () => {
    expect((await admin.get('/search?ts=engineer')).status).toBe(200);
    const search = await owner.get('/search?ts=designer');
    expect(search.status).toBe(200);
    await vi.waitFor(async () => expect(await pending()).toBe(2));
    const acme = await t.knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');

    await forward({ url: service.url, key: service.key });

    expect(await pending()).toBe(0);
    expect(sent()).toHaveLength(2);
    for (const event of sent()) {
      expect(event).toMatchObject({
        event: 'search',
        distinct_id: `company-user-${acme.id}`,
        uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        properties: { company_id: acme.company_id, $groups: { company: String(acme.company_id) }, filters: ['ts'] },
      });
      expect(Number.isNaN(Date.parse(event.timestamp))).toBe(false);
    }
    expect(new Set(sent().map((e) => e.uuid)).size).toBe(2);
    // Nothing a search showed is carried: no candidate's name or id.
    const text = JSON.stringify(sent());
    for (const doc of (search.body.data ?? []).slice(0, 5) as { firstName?: string; id?: string }[]) {
      if (doc.firstName) expect(text).not.toContain(doc.firstName);
      if (doc.id) expect(text).not.toContain(doc.id);
    }

    await forward({ url: service.url, key: service.key });
    expect(sent()).toHaveLength(2);
  });

  it('an outage leaves the events pending, and the next run sends them', async () => {
    const before = sent().length;
    expect((await owner.get('/search?ts=analyst')).status).toBe(200);
    await vi.waitFor(async () => expect(await pending()).toBe(1));
    service.failNext(503);

    await forward({ url: service.url, key: service.key });
    expect(await pending()).toBe(1);
    expect(sent()).toHaveLength(before);
    await vi.waitFor(async () =>
      expect((await failedJobs()).rows.map((r: { last_error: string }) => r.last_error).join()).toContain('503'),
    );

    await forward({ url: service.url, key: service.key });
    expect(await pending()).toBe(0);
    expect(sent()).toHaveLength(before + 1);
  });

  it('a wrong project key is refused by the service and sends nothing', async () => {
    const before = sent().length;
    expect((await owner.get('/search?ts=nurse')).status).toBe(200);
    await vi.waitFor(async () => expect(await pending()).toBe(1));

    await forward({ url: service.url, key: 'phc_wrong' });

    expect(await pending()).toBe(1);
    expect(sent()).toHaveLength(before);
    await vi.waitFor(async () =>
      expect((await failedJobs()).rows.map((r: { last_error: string }) => r.last_error).join()).toContain('401'),
    );
  });
});
