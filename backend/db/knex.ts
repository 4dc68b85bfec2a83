/** One Knex instance per database; Objection models bind to it per request, never globally. */
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { watchStatements } from '../metrics';
import { logger } from '../logger';

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

/** What every pooled connection of the product's runs first (the app's, graphile-worker's, the replica's, the import's). */
const SESSION_SETTINGS = "set jit = off; set time zone 'UTC'";

/**
 * `connection` adds pg client settings to the connection string's (the replica's timeouts and keepalive, so a
 * partitioned server fails its reads rather than hangs them).
 */
export function createKnex(
  connectionString: string,
  pool: { min?: number; max?: number } = {},
  connection: Omit<Knex.PgConnectionConfig, 'connectionString'> = {},
): Knex {
  const knex = knexFactory({
    client: 'pg',
    connection: { connectionString, ...connection },
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
        // Queries here are short and latency-bound: JIT compilation would cost more than it saves.
        // The session's zone is UTC whatever the server's (the host's at initdb, or a DATABASE_URL
        // server's own): `current_date`, a bare 'YYYY-MM-DD' read as a timestamptz and a date
        // compared with one then mean the product's UTC day. Set here, not as a startup option,
        // which a pooler such as PgBouncer refuses.
        connection.query(SESSION_SETTINGS).then(
          () => done(null, connection),
          (err: Error) => done(err, connection),
        );
      },
    },
  });
  watchStatements(knex);
  return knex;
}
