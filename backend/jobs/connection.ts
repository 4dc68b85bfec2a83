/**
 * The one Knex pool of a worker process, per database: graphile-worker's runner (through
 * db/sharedPool.ts) and the tasks whose work lives in capability code written against Knex all
 * borrow it, instead of a pool each or one per job (a connection handshake per message sent).
 * `npm run worker` hands in its one pool (`shareWorkerKnex`); elsewhere (`npm start`, tests) it is
 * opened at the first need, bounded by workerConnections, and closed when the worker stops.
 */
import type { Knex } from 'knex';
import { createKnex } from '../db/knex';
import { watchPool } from '../metrics';

/** The pools opened here, closed by closeWorkerKnex; a shared one stays its owner's to close. */
const pools = new Map<string, Knex>();
const shared = new Map<string, Knex>();

/** Connections a worker of `concurrency` needs at most: two per job (its client and its Knex work) and the LISTEN one. */
export const workerConnections = (concurrency: number): number => 2 * concurrency + 1;

/** The worker's pool of `connectionString`: the one shared with it, else one opened here of `max` connections. */
export function openWorkerKnex(connectionString: string, max = 3): Knex {
  const found = shared.get(connectionString) ?? pools.get(connectionString);
  if (found) return found;
  const knex = createKnex(connectionString, { max });
  pools.set(connectionString, knex);
  watchPool(knex, 'worker');
  return knex;
}

/** A getter, so a task list opens nothing until a job needs the pool. */
export function workerKnex(connectionString: string | undefined): () => Knex {
  return () => {
    if (!connectionString) throw new Error('this task runs in a worker that knows its database (DATABASE_URL)');
    return openWorkerKnex(connectionString);
  };
}

/** Makes `knex` (the process's one pool, in `npm run worker`) the worker's pool of `connectionString`; its owner closes it. */
export function shareWorkerKnex(connectionString: string, knex: Knex): void {
  shared.set(connectionString, knex);
}

/** Closes every worker pool opened here and forgets the shared ones (the worker's stop; a test before it drops its database). */
export async function closeWorkerKnex(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  shared.clear();
  await Promise.all(open.map((knex) => knex.destroy()));
}
