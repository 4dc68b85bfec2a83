/** A database of its own for each test file, cloned from the migrated and seeded template. */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { inject } from 'vitest';
import { ensureDatabase } from '../../backend/db/database';
import { createKnex } from '../../backend/db/knex';
import { closeWorkerKnex } from '../../backend/jobs/connection';
import { atFileEnd } from './fileEnd';

const TEMPLATE = 'tb_template';

export interface TestDatabase {
  url: string;
  knex: Knex;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface DatabaseOptions {
  /** The database's own time zone (`alter database ... set timezone`), as a server configured so would give every session. */
  timeZone?: string;
}

/** Creates the database now and drops it after the file's tests. */
export async function testDatabase(options: DatabaseOptions = {}): Promise<TestDatabase> {
  const name = `tb_test_${randomBytes(6).toString('hex')}`;
  const url = await ensureDatabase(inject('pgAdminUrl'), name, TEMPLATE);
  const { timeZone } = options;
  if (timeZone !== undefined)
    await admin((c) => c.query(`alter database "${name}" set timezone = '${timeZone.replace(/'/g, "''")}'`));
  const knex = createKnex(url, { max: 5 });
  atFileEnd(async () => {
    // Jobs a file ran through taskList() share one pool per worker process (backend/jobs/connection.ts).
    await closeWorkerKnex();
    await knex.destroy();
    await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
  });
  return { url, knex };
}
