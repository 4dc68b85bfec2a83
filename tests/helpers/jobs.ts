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
  await runOnce(options, tasks);
  const client = new pg.Client({ connectionString: options.connectionString });
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
