/** One Knex instance per database; Objection models bind to it per request, never globally. */
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// Dates stay 'YYYY-MM-DD' strings (no time-zone shift); counts and numerics become numbers.
pg.types.setTypeParser(1082, (v: string) => v);
pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v: string) => Number.parseFloat(v));

export function createKnex(connectionString: string, pool: { min?: number; max?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: connectionString,
    pool: {
      min: pool.min ?? 0,
      max: pool.max ?? 10,
      // Queries here are short and latency-bound: JIT compilation would cost more than it saves.
      afterCreate: (conn: pg.Client, done: (err: Error | undefined, conn: pg.Client) => void) => {
        conn.query('set jit = off').then(
          () => done(undefined, conn),
          (err: Error) => done(err, conn),
        );
      },
    },
  });
}
