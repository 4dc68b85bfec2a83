/**
 * Applies pending schema migrations (migrations/) and graphile-worker's own.
 *
 * - One process at a time: every start (web processes, `npm run worker` scale-out, scripts) migrates under one
 *   PostgreSQL session advisory lock held on a connection of its own, so processes starting together on an empty
 *   database wait for each other rather than race to create knex's bookkeeping tables (which knex creates before its
 *   own lock) and crash on "relation knex_migrations already exists".
 * - A database ahead of this code is fine: once release N+1 applied a migration, a release-N process that restarts
 *   (a rollback, a crash, autoscaling) still starts, as docs/operations.md "Release" promises (migrations add before
 *   they remove), and logs plainly that the database is ahead. It still applies its own pending migrations.
 * - A database that is not merely ahead is refused: an applied migration this code does not know that sorts before
 *   one it does know is a migration renamed or deleted after it ran, not a later release's.
 */
import type { Knex } from 'knex';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ROOT } from '../config';
import { logger } from '../logger';
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

/** The session advisory lock every migrating process takes (one bigint key, 'tbmigrat' in ASCII). */
const MIGRATION_LOCK = '8386385755591827828';

/** The applied migrations this code does not know; refuses when one is not simply newer than all of this code's. */
async function unknownApplied(knex: Knex, known: string[]): Promise<string[]> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return [];
  const rows: { name: string }[] = await knex('knex_migrations').select('name');
  const mine = new Set(known);
  const unknown = rows.map((r) => r.name).filter((name) => !mine.has(name));
  const newest = known.at(-1) ?? '';
  const missing = unknown.filter((name) => name <= newest);
  if (missing.length)
    throw new Error(
      `The migration directory is corrupt, the following files are missing: ${missing.join(', ')} ` +
        '(applied, unknown to this code and older than its newest migration: renamed or deleted after they ran)',
    );
  return unknown.sort();
}

async function migrateLocked(knex: Knex, connectionString: string): Promise<string[]> {
  const ahead = await unknownApplied(knex, migrationNames());
  if (ahead.length)
    logger.warn(
      { ahead },
      `The database is ahead of this code: ${ahead.length} applied migration(s) of a later release (${ahead.join(', ')}); ` +
        'starting on the migrated schema',
    );
  const [, applied] = (await knex.migrate.latest({ migrationSource, disableMigrationsListValidation: true })) as [
    number,
    string[],
  ];
  await migrateWorker(connectionString);
  return applied;
}

export async function migrate(knex: Knex, connectionString: string): Promise<string[]> {
  // A connection of its own: a session lock taken on a pooled one could be released by another query's borrowing.
  const lock = new pg.Client({ connectionString });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK]);
    return await migrateLocked(knex, connectionString);
  } finally {
    // Ending the session releases its lock whatever happened.
    await lock.end().catch(() => undefined);
  }
}
