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
 * A job queued while a connection's `talentbase.request_id` is set (db/knex.ts sets it around the
 * statements of a request that call add_job) carries that id in its payload as `requestId`.
 */
const STAMP_REQUEST_ID = `
  create or replace function graphile_worker.tb_stamp_request_id() returns trigger language plpgsql as $$
  declare rid text := current_setting('talentbase.request_id', true);
  begin
    if rid is not null and rid <> '' and json_typeof(new.payload) = 'object' then
      new.payload := (new.payload::jsonb || jsonb_build_object('requestId', rid))::json;
    end if;
    return new;
  end $$;
  create or replace trigger tb_stamp_request_id before insert on graphile_worker._private_jobs
    for each row execute function graphile_worker.tb_stamp_request_id();`;

/** Creates graphile-worker's own tables, so jobs can be queued even where no worker runs. */
export async function migrateWorker(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: migrationLogger });
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(STAMP_REQUEST_ID);
  } finally {
    await client.end();
  }
}
