/**
 * The one Knex pool of a worker process, per database: tasks whose work lives in capability code
 * written against Knex borrow it instead of opening and destroying a pool per job (a connection
 * handshake per message sent). Opened at the first such job, closed when the worker stops.
 */
import type { Knex } from 'knex';
import { createKnex } from '../db/knex';
import { watchPool } from '../metrics';

const pools = new Map<string, Knex>();

/** A getter, so a task list opens nothing until a job needs the pool. */
export function workerKnex(connectionString: string | undefined): () => Knex {
  return () => {
    if (!connectionString) throw new Error('this task runs in a worker that knows its database (DATABASE_URL)');
    let knex = pools.get(connectionString);
    if (!knex) {
      pools.set(connectionString, (knex = createKnex(connectionString, { max: 3 })));
      watchPool(knex, 'worker');
    }
    return knex;
  };
}

/** Closes every worker pool (the worker's stop; a test before it drops its database). */
export async function closeWorkerKnex(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((knex) => knex.destroy()));
}
