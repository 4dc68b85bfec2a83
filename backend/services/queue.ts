/**
 * The one way to queue a background job: `queueJob(trx, task, payload, options)`. The job is a row
 * written through the given Knex transaction (or Knex), so it exists exactly when the write that
 * asked for it commits, and vanishes with a rollback. The payload is checked against its task's
 * declaration (jobs/payload.ts: graphile-worker's `GraphileWorker.Tasks` and the assertion the task
 * runs), by the compiler and again here, so a wrong job fails where it is queued, not in the worker.
 * A job queued while a request (or a job) is handled carries its id as `requestId`, for the logs.
 */
import type { Knex } from 'knex';
import { assertTaskPayload, type TaskName, type TaskPayloads } from '../jobs/payload';
import { logContext } from '../logger';

export interface QueueOptions {
  /** One pending job per key: a second queueJob with the key replaces the first (see jobKeyMode). */
  jobKey?: string;
  /** 'preserve_run_at' keeps the pending job's time when it is replaced. */
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
  /** Jobs of one queue run one at a time, in order. */
  queueName?: string;
  /** When to run: a time, or SQL computed in the same statement (e.g. from a row's column). */
  runAt?: Date | Knex.Raw;
  /** Seconds from the database's now; ignored when runAt is given. */
  delaySeconds?: number;
  maxAttempts?: number;
}

/** Queues `task` with `payload` in the transaction `db`; resolves once the job's row is written. */
export async function queueJob<K extends TaskName>(
  db: Knex | Knex.Transaction,
  task: K,
  payload: TaskPayloads[K],
  options: QueueOptions = {},
): Promise<void> {
  assertTaskPayload(task, payload);
  const reqId = logContext.getStore()?.reqId;
  const stamped = reqId ? { ...(payload ?? {}), requestId: reqId } : (payload ?? {});
  // Named arguments, only those given: add_job's own defaults stand for the rest.
  const args: string[] = [];
  const bindings: Knex.RawBinding[] = [task, JSON.stringify(stamped)];
  const named = (name: string, sql: string, ...values: Knex.RawBinding[]) => {
    args.push(`${name} => ${sql}`);
    bindings.push(...values);
  };
  if (options.queueName !== undefined) named('queue_name', '?', options.queueName);
  if (options.runAt !== undefined) named('run_at', '?', options.runAt);
  else if (options.delaySeconds !== undefined)
    named('run_at', 'now() + make_interval(secs => ?)', options.delaySeconds);
  if (options.maxAttempts !== undefined) named('max_attempts', '?::int', options.maxAttempts);
  if (options.jobKey !== undefined) named('job_key', '?', options.jobKey);
  if (options.jobKeyMode !== undefined) named('job_key_mode', '?', options.jobKeyMode);
  await db.raw(`select graphile_worker.add_job(?, ?::json${args.map((a) => `, ${a}`).join('')})`, bindings);
}

/**
 * Queues one `task` job per payload in one statement, whatever their number (a notice to many
 * recipients, an email each): the same options for all, so no job key.
 */
export async function queueJobs<K extends TaskName>(
  db: Knex | Knex.Transaction,
  task: K,
  payloads: TaskPayloads[K][],
  options: Pick<QueueOptions, 'queueName' | 'maxAttempts'> = {},
): Promise<void> {
  if (!payloads.length) return;
  for (const payload of payloads) assertTaskPayload(task, payload);
  const reqId = logContext.getStore()?.reqId;
  const stamped = payloads.map((p) => (reqId ? { ...(p ?? {}), requestId: reqId } : (p ?? {})));
  await db.raw(
    `select graphile_worker.add_job(?, p.value, queue_name => ?, max_attempts => coalesce(?::int, 25))
       from json_array_elements(?::json) p`,
    [task, options.queueName ?? null, options.maxAttempts ?? null, JSON.stringify(stamped)],
  );
}

/** A locked job whose worker died is taken back by graphile-worker after this long. */
const LOCK_TIMEOUT = '4 hours';

/**
 * SQL: the job under key `keySql` (an SQL expression) is gone for good: no row in graphile-worker's jobs, or only one
 * whose last attempt is used up and that no worker holds (a worker stopped or crashed on the last attempt). What a
 * long-running job's owner row (an import, an AI match run) asks before it ends itself as failed.
 */
export const jobGoneForGoodSql = (keySql: string): string =>
  `not exists (select 1 from graphile_worker.jobs j where j.key = ${keySql}
     and (j.attempts < j.max_attempts or j.locked_at > now() - interval '${LOCK_TIMEOUT}'))`;
