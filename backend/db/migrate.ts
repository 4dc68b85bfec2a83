/** Applies pending schema migrations (migrations/) and graphile-worker's own. */
import type { Knex } from 'knex';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../config';
import { migrateWorker } from './jobQueue';

export const MIGRATIONS_DIR = path.join(ROOT, 'migrations');

/** The migrations of this code, in order (the names knex records in knex_migrations). */
export const migrationNames = (): string[] =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f))
    .sort();

/** Loads migrations with our own import() so TypeScript files load under tsx and under vitest alike. */
const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => migrationNames(),
  getMigrationName: (file) => file,
  getMigration: async (file) => (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as Knex.Migration,
};

export async function migrate(knex: Knex, connectionString: string): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
  await migrateWorker(connectionString);
  return applied;
}
