/** Applies pending schema migrations (migrations/) and graphile-worker's own. */
import type { Knex } from 'knex';
import path from 'node:path';
import { ROOT } from '../config';
import { migrateWorker } from '../jobs/worker';

export const MIGRATIONS_DIR = path.join(ROOT, 'migrations');

export async function migrate(knex: Knex, connectionString: string): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ directory: MIGRATIONS_DIR, loadExtensions: ['.ts'] })) as [number, string[]];
  await migrateWorker(connectionString);
  return applied;
}
