import { Logger } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../../backend/db/knex';
import { closeWorkerKnex } from '../../backend/jobs/connection';
import { startWorker, taskList } from '../../backend/jobs/worker';
import { testApp, type TestApp } from '../helpers/app';
import { runJobsOnce } from '../helpers/jobs';

// Failed jobs are the point here: their errors are read from the jobs table, not logged.
const silent = new Logger(() => () => {});

describe('Jobs on the worker’s connection, with checked payloads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(closeWorkerKnex);

  const run = () =>
    runJobsOnce({
      connectionString: t.url,
      taskList: taskList(t.config, t.url),
      logger: silent,
      noHandleSignals: true,
    });

  /** Sessions ever opened to the test database, once the counter has settled (backends report it as they end). */
  async function sessionsOpened(): Promise<number> {
    let last = -1;
    for (let i = 0; i < 40; i += 1) {
      const { rows } = await t.knex.raw(
        'select pg_stat_clear_snapshot(), sessions::int as n from pg_stat_database where datname = current_database()',
      );
      if (rows[0].n === last) return last;
      last = rows[0].n;
      await new Promise((r) => setTimeout(r, 250));
    }
    return last;
  }

  /** Sessions a worker run of `jobs` expire_credits jobs opens, its shared pool closed afterwards. */
  async function sessionsFor(jobs: number): Promise<number> {
    const before = await sessionsOpened();
    for (let i = 0; i < jobs; i += 1) await t.knex.raw("select graphile_worker.add_job('expire_credits', '{}'::json)");
    await run();
    await closeWorkerKnex();
    const failed = await t.knex('graphile_worker.jobs').where('task_identifier', 'expire_credits').count({ n: '*' });
    expect(Number(failed[0].n), 'every expire_credits job done').toBe(0);
    return (await sessionsOpened()) - before;
  }

  it('Six Knex-based jobs open about as many database sessions as one, not one pool each: the tasks share the worker’s pool', async () => {
    const one = await sessionsFor(1);
    const six = await sessionsFor(6);
    // A pool per job would open at least five more for six jobs; the server's own sessions may add one or two.
    expect(six).toBeLessThanOrEqual(one + 2);
  });

  it('Every task refuses a payload it does not expect with an error naming the task, before touching data', async () => {
    const tasks = Object.keys(taskList(t.config, t.url));
    const bad = { id: 'x', projectId: -1, importId: 1.5, step: 'nope', unexpected: true };
    const outbox = await t.knex('outbox_emails').count({ n: '*' });
    for (const task of tasks)
      await t.knex.raw('select graphile_worker.add_job(?, ?::json, max_attempts => 1)', [task, JSON.stringify(bad)]);
    await run();
    const jobs = await t
      .knex('graphile_worker.jobs')
      .whereIn('task_identifier', tasks)
      .select('task_identifier', 'last_error');
    expect(jobs.map((j) => j.task_identifier).sort()).toEqual([...tasks].sort());
    for (const job of jobs)
      expect(job.last_error, job.task_identifier).toMatch(new RegExp(`^${job.task_identifier} expects `));
    expect(await t.knex('outbox_emails').count({ n: '*' })).toEqual(outbox);
  });

  it('A scheduled task accepts the crontab’s own stamp and nothing else', async () => {
    const [{ last }] = await t.knex('graphile_worker.jobs').max({ last: 'id' });
    await t.knex.raw("select graphile_worker.add_job('purge_expired', ?::json)", [
      JSON.stringify({ _cron: { ts: new Date().toISOString(), backfilled: false } }),
    ]);
    await t.knex.raw(
      "select graphile_worker.add_job('expire_interview_requests', '{\"days\": 3}'::json, max_attempts => 1)",
    );
    // Until both were tried: a run may end before a job added just before it is ready to be taken.
    for (let i = 0; i < 3; i++) {
      await run();
      const waiting = await t
        .knex('graphile_worker.jobs')
        .where('id', '>', last ?? 0)
        .where('attempts', 0)
        .count({ n: '*' });
      if (Number(waiting[0].n) === 0) break;
    }
    const left = await t
      .knex('graphile_worker.jobs')
      .where('id', '>', last ?? 0)
      .whereIn('task_identifier', ['purge_expired', 'expire_interview_requests'])
      .select('task_identifier', 'last_error');
    expect(left).toEqual([
      {
        task_identifier: 'expire_interview_requests',
        last_error: 'expire_interview_requests expects no payload, got {"days":3}',
      },
    ]);
  });

  it('A running worker holds one pool: the runner’s LISTEN and its tasks’ Knex work are connections of the pool it is handed', async () => {
    // Its own name, so its sessions are told from the test's in pg_stat_activity.
    const address = new URL(t.url);
    address.searchParams.set('application_name', 'one-pool-worker');
    const url = address.toString();
    const knex = createKnex(url, { max: 3 });
    const pool = (knex.client as { pool: { numUsed(): number; numFree(): number } }).pool;
    const worker = await startWorker(url, t.config, 1, knex);
    try {
      // Only the jobs queued here: an earlier test leaves refused ones behind.
      const [{ last }] = await t.knex('graphile_worker.jobs').max({ last: 'id' });
      const mine = () =>
        t
          .knex('graphile_worker.jobs')
          .where('task_identifier', 'expire_credits')
          .where('id', '>', last ?? 0);
      for (let i = 0; i < 4; i += 1) await t.knex.raw("select graphile_worker.add_job('expire_credits', '{}'::json)");
      for (let waited = 0; waited < 20_000; waited += 100) {
        if ((await mine()).length === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const left = await mine().select('last_error', 'attempts', 'locked_at');
      expect(left, 'every expire_credits job done by the worker').toEqual([]);
      const read = async () =>
        (
          await t.knex.raw(
            "select pid, query from pg_stat_activity where application_name = 'one-pool-worker' and datname = current_database()",
          )
        ).rows as { pid: number; query: string }[];
      // A connection the pool has just let go of leaves PostgreSQL's list a moment later: the two agree once it has.
      await expect
        .poll(async () => (await read()).length - (pool.numUsed() + pool.numFree()), { timeout: 5_000 })
        .toBe(0);
      const sessions = await read();
      expect(sessions.length).toBeLessThanOrEqual(3);
      // The connection listening for new jobs is one the pool lends out, not a pool of graphile-worker's own.
      expect(sessions.some((s) => /^\s*listen\b/i.test(s.query))).toBe(true);
      expect(pool.numUsed()).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.stop();
      await knex.destroy();
    }
  });
});
