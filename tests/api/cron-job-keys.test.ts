/**
 * Scheduled jobs never pile up. Every crontab item is keyed by its task, so a tick takes the place of the job the last
 * one left waiting; what runs every few minutes also tries only a few times and runs one at a time. With the analytics
 * service down, forward_analytics queued as its schedule would, minute after minute, stays one job.
 */
import { Logger, parseCrontab, type ParsedCronItem } from 'graphile-worker';
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
let service: AnalyticsStandIn;
let config: Config;

beforeAll(async () => {
  t = await testApp();
  owner = client(t, await t.login('owner@acme.example.com'));
  service = await analyticsStandIn();
  config = loadConfig({ secret: TEST_SECRET, env: 'test', analytics: { url: service.url, key: service.key } });
});
afterAll(async () => {
  await service?.close();
  await t?.knex.destroy();
});

/** The ticks of an item in one hour (a Monday, 1 January, 00:00 to 00:59 UTC). */
const ticksPerHour = (item: ParsedCronItem) =>
  Array.from({ length: 60 }, (_, min) => item.match({ min, hour: 0, date: 1, month: 1, dow: 1 })).filter(Boolean)
    .length;

/** Queues `item`'s job as graphile-worker's scheduler does at a tick (cron.js makeJobForItem, scheduleCronJobs). */
const tick = (item: ParsedCronItem, ts: Date) =>
  t.knex.raw(
    'select graphile_worker.add_job(?::text, ?::json, ?::text, ?::timestamptz, ?::smallint, ?::text, ?::smallint, null, ?::text)',
    [
      item.task,
      JSON.stringify({ ...item.payload, _cron: { ts: ts.toISOString(), backfilled: false } }),
      item.options.queueName ?? null,
      ts.toISOString(),
      item.options.maxAttempts ?? null,
      item.options.jobKey ?? null,
      item.options.priority ?? null,
      item.options.jobKeyMode ?? null,
    ],
  );

const forwardJobs = async () =>
  (
    await t.knex.raw(
      "select attempts, max_attempts, last_error from graphile_worker.jobs where task_identifier = 'forward_analytics'",
    )
  ).rows as { attempts: number; max_attempts: number; last_error: string | null }[];

describe('The schedule', () => {
  it('keys every item by its task; what runs more than hourly tries a few times, one run at a time', () => {
    const items = parseCrontab(crontabFor(config));
    expect(items.map((i) => i.task)).toContain('forward_analytics');
    for (const item of items) expect(item.options.jobKey, item.task).toBe(item.task);
    const frequent = items.filter((i) => ticksPerHour(i) > 1);
    expect(frequent.map((i) => i.task).sort()).toEqual(['forward_analytics', 'match_alerts']);
    for (const item of frequent) {
      expect(item.options.jobKeyMode, item.task).toBe('preserve_run_at');
      expect(item.options.maxAttempts, item.task).toBeLessThanOrEqual(5);
      expect(item.options.queueName, item.task).toBe(item.task);
    }
  });
});

describe('forward_analytics with the analytics service down', () => {
  it('stays one job however many minutes go by', async () => {
    expect((await owner.get('/search?ts=engineer')).status).toBe(200);
    await vi.waitFor(async () =>
      expect(Number((await t.knex('analytics_events').whereNull('forwarded_at').count({ n: '*' }))[0].n)).toBe(1),
    );
    service.failNext(503, 1000);
    const item = parseCrontab(crontabFor(config)).find((i) => i.task === 'forward_analytics')!;

    for (let minute = 0; minute < 3; minute++) {
      await tick(item, new Date());
      await runJobsOnce({ connectionString: t.url, logger: silent, noHandleSignals: true }, taskList(config, t.url));
    }

    const jobs = await forwardJobs();
    expect(jobs.length).toBeLessThanOrEqual(1);
    expect(jobs[0]?.last_error).toMatch(/503/);
    expect(jobs[0]?.max_attempts).toBeLessThanOrEqual(5);
  });
});
