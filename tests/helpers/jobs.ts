/**
 * Runs the job queue once, as graphile-worker's `runOnce` does, and returns once every job it took
 * has its outcome recorded.
 *
 * `runOnce` resolves when its last task has returned, but the worker records that task's outcome
 * (the job deleted, or its error and next attempt written) without awaiting the write, and ends its
 * pool without awaiting that either. A test that reads the jobs table right after `runOnce` can
 * still see the job locked, its error not yet there. This waits until no job is locked.
 */
import { runOnce, type RunnerOptions, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Config } from '../../backend/config';
import { taskList, workerLogger } from '../../backend/jobs/worker';

const SETTLE_MS = 5000;
const POLL_MS = 25;

export async function runJobsOnce(options: RunnerOptions & { connectionString: string }, tasks?: TaskList) {
  // A pool of the run's own, ended here once the jobs settle: graphile-worker ends the pool it opens without awaiting
  // it, and a connection of that pool still open when the file's database is dropped would fail (57P01) with no
  // listener, an uncaught error in whatever file runs next.
  const { connectionString, ...rest } = options;
  const pgPool = new pg.Pool({ connectionString });
  pgPool.on('error', () => undefined);
  try {
    await runOnce({ ...rest, pgPool }, tasks);
    await settle(connectionString);
  } finally {
    await pgPool.end();
  }
}

/** Waits until no job is locked: the worker records its last outcome without awaiting the write. */
async function settle(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    for (let waited = 0; waited < SETTLE_MS; waited += POLL_MS) {
      const { rows } = await client.query<{ locked: number }>(
        'select count(*)::int as locked from graphile_worker._private_jobs where locked_at is not null',
      );
      if (rows[0].locked === 0) return;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`a job was still locked ${SETTLE_MS} ms after the worker's run ended`);
  } finally {
    await client.end();
  }
}

/** The queue run once over `app`'s database with the real task list, as the worker would; `config` is what the tasks see. */
export const runJobs = (app: { url: string; config: Config }, config: Config = app.config) =>
  runJobsOnce({ connectionString: app.url, taskList: taskList(config, app.url), logger: workerLogger });
