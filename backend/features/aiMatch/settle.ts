/**
 * When a cancelled run is settled, by PostgreSQL's own state rather than a timer. The match_candidates job holds a
 * session advisory lock on the run (`holdRun`) on a connection of its own for as long as it works it: PostgreSQL
 * drops it when the job ends or its worker's connection goes (a worker stopped or crashed). A cancel, and every read
 * of a cancelled run's state, tries that lock (`settleCancelled`): free, no job works the run (its job never started,
 * or its worker is gone), so the run settles at once: its job is removed from graphile-worker's queue (a job no
 * worker holds is deleted; one a dead worker still holds is never retried), and the shortlist not judged says
 * "cancelled", as a run whose job noticed the cancel says it (run.ts). Held, the job is at work: the run settles
 * when the job notices, stops before its next candidate and ends. The job takes the lock before it reads the run,
 * so a cancel that found it free is seen by a job starting after it.
 */
import type { Knex } from 'knex';
import { MATCH_STATUS } from '../../../schema/rules/aiMatch';
import { matchJobKey } from './run';

const LOCK = "hashtext('ai_match_run')";

/** The job's connection, as graphile-worker's helpers.withPgClient lends it. */
interface LockClient {
  query(sql: string, values: unknown[]): Promise<unknown>;
}

/** `work` on run `runId` with the run's lock held on `client` throughout. */
export async function holdRun<T>(client: LockClient, runId: number, work: () => Promise<T>): Promise<T> {
  await client.query(`select pg_advisory_lock(${LOCK}, $1)`, [runId]);
  try {
    return await work();
  } finally {
    await client.query(`select pg_advisory_unlock(${LOCK}, $1)`, [runId]);
  }
}

/**
 * Settles cancelled run `runId` when no job works it (see above), inside `trx` (the lock tried is the transaction's).
 * True when it is settled now; false while its job is at work or the run is not cancelled.
 */
export async function settleCancelled(trx: Knex.Transaction, runId: number): Promise<boolean> {
  const run = await trx('ai_match_runs').where({ id: runId, status: MATCH_STATUS.cancelled }).first('id');
  if (!run) return false;
  const { rows } = await trx.raw(`select pg_try_advisory_xact_lock(${LOCK}, ?) as free`, [runId]);
  if (!rows[0]?.free) return false;
  await trx.raw('select graphile_worker.remove_job(?)', [matchJobKey(runId)]);
  await trx('ai_match_results')
    .where('run_id', runId)
    .whereNull('score')
    .whereNull('not_judged')
    .update({ not_judged: 'cancelled' });
  return true;
}
