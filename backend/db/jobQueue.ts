/**
 * graphile-worker's own schema, created by `npm run db:migrate` beside ours so jobs can be queued
 * where no worker runs; the worker itself (backend/jobs/worker.ts) is not loaded for it.
 */
import { Logger, runMigrations } from 'graphile-worker';
import pg from 'pg';
import { logger } from '../logger';

/** The schema migration's messages go to the one logger, debug chatter dropped. */
const migrationLogger = new Logger((scope) => (level, message, meta) => {
  if (level === 'debug') return;
  const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'info';
  logger[method]({ ...scope, ...meta }, message);
});

/**
 * A job carries the id of the request that queued it in its payload (`requestId`), written by
 * queueJob (services/queue.ts); the trigger earlier releases stamped it with is dropped.
 */
const DROP_REQUEST_ID_STAMP = `
  drop trigger if exists tb_stamp_request_id on graphile_worker._private_jobs;
  drop function if exists graphile_worker.tb_stamp_request_id();`;

/** Creates graphile-worker's own tables, so jobs can be queued even where no worker runs. */
export async function migrateWorker(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: migrationLogger });
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(DROP_REQUEST_ID_STAMP);
  } finally {
    await client.end();
  }
}
