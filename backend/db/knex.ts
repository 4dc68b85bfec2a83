/** One Knex instance per database; Objection models bind to it per request, never globally. */
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { watchStatements } from '../metrics';
import { logContext, logger } from '../logger';

// Dates stay 'YYYY-MM-DD' strings (no time-zone shift); counts and numerics become numbers.
pg.types.setTypeParser(1082, (v: string) => v);
pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v: string) => Number.parseFloat(v));

/**
 * Logs a pooled connection's failure (the server restarting, an administrator ending the
 * session, the network). The pool then drops that connection and opens a new one for the next
 * query; without a listener the 'error' event would end the process.
 */
export function watchConnection(connection: pg.Client, pool: string): void {
  connection.on('error', (err) =>
    logger.warn({ pool, code: (err as { code?: string }).code, message: err.message }, 'database connection lost'),
  );
}

/**
 * The jobs a request (or a job) queues carry its id: around a statement that calls
 * `graphile_worker.add_job`, the connection's `talentbase.request_id` setting holds the id, and a
 * trigger adds it to the new job's payload as `requestId` (jobs/worker.ts, migrateWorker). The
 * three statements run one after another on the one connection; a rolled-back transaction takes
 * the setting back with it.
 */
function stampJobs(connection: pg.Client): void {
  const query = connection.query.bind(connection) as (...args: unknown[]) => Promise<unknown> | undefined;
  connection.query = ((...args: unknown[]) => {
    const reqId = logContext.getStore()?.reqId;
    const config = args[0];
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
    if (!reqId || typeof text !== 'string' || !text.includes('graphile_worker.add_job')) return query(...args);
    // Knex passes a callback last; the statement itself then runs as a promise between the two settings.
    const callback =
      typeof args.at(-1) === 'function' ? (args.pop() as (err: unknown, result?: unknown) => void) : undefined;
    const stamped = (async () => {
      await query("select set_config('talentbase.request_id', $1, false)", [reqId]);
      try {
        return await query(...args);
      } finally {
        await query("select set_config('talentbase.request_id', '', false)")?.catch(() => {});
      }
    })();
    if (!callback) return stamped;
    stamped.then(
      (result) => callback(null, result),
      (err: unknown) => callback(err),
    );
    return undefined;
  }) as typeof connection.query;
}

export function createKnex(connectionString: string, pool: { min?: number; max?: number } = {}): Knex {
  const knex = knexFactory({
    client: 'pg',
    connection: connectionString,
    // Knex's own notices ('Connection Error: ...' when it drops a dead connection) go to the one logger.
    log: {
      warn: (message: unknown) => logger.warn({ knex: message }, 'database notice'),
      error: (message: unknown) => logger.error({ knex: message }, 'database error'),
      deprecate: (message: unknown) => logger.warn({ knex: message }, 'knex deprecation'),
      debug: () => {},
    },
    pool: {
      min: pool.min ?? 0,
      max: pool.max ?? 10,
      afterCreate: (connection: pg.Client, done: (err: Error | null, connection: pg.Client) => void) => {
        watchConnection(connection, 'knex');
        stampJobs(connection);
        // Queries here are short and latency-bound: JIT compilation would cost more than it saves.
        connection.query('set jit = off').then(
          () => done(null, connection),
          (err: Error) => done(err, connection),
        );
      },
    },
  });
  watchStatements(knex);
  return knex;
}
