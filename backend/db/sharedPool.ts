/**
 * A Knex instance's pool seen as a `pg.Pool`, for graphile-worker: the worker's runner then draws
 * its connections (the LISTEN one for new jobs, each job's client, the crontab's queries) from the
 * same bounded pool as the Knex code of its tasks, and in `npm start` from the app's own pool, so
 * a process holds one pool of connections, not one per library. Only what graphile-worker calls is
 * here: `connect` (promise or callback), `query`, the event methods and `end`, which leaves the
 * pool to its owner.
 */
import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type pg from 'pg';
import { logger } from '../logger';

interface KnexPgClient {
  acquireConnection(): Promise<pg.Client>;
  releaseConnection(connection: pg.Client): Promise<unknown>;
}

type Borrowed = pg.PoolClient & { __knex__disposed?: unknown };
type Done = (err?: Error | boolean) => void;

/** `knex`'s connections as a pg.Pool; a client released with an error is dropped from the pool, not reused. */
export function pgPoolOf(knex: Knex): pg.Pool {
  const client = knex.client as unknown as KnexPgClient;
  const checkout = async (): Promise<Borrowed> => {
    const connection = (await client.acquireConnection()) as Borrowed;
    let released = false;
    connection.release = ((err?: Error | boolean) => {
      if (released) return;
      released = true;
      // Knex validates a connection before lending it again and discards a disposed one.
      if (err) connection.__knex__disposed = err === true ? new Error('released with an error') : err;
      void client.releaseConnection(connection);
    }) as Borrowed['release'];
    return connection;
  };
  const pool = new EventEmitter();
  // Connection failures are logged where Knex opens each connection (db/knex.ts); these are for
  // graphile-worker, which checks that a pool it is handed has its error handlers.
  pool.on('error', (err: Error) => logger.warn({ message: err.message }, 'worker database connection lost'));
  pool.on('connect', () => {});
  return Object.assign(pool, {
    connect(callback?: (err: Error | undefined, client?: Borrowed, done?: Done) => void) {
      const borrowed = checkout();
      if (!callback) return borrowed;
      borrowed.then(
        (c) => callback(undefined, c, c.release as Done),
        (err: Error) => callback(err),
      );
      return undefined;
    },
    async query(...args: Parameters<pg.Client['query']>) {
      const c = await checkout();
      try {
        return await (c.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        c.release();
      }
    },
    end: async () => {},
  }) as unknown as pg.Pool;
}
