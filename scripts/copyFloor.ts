/**
 * The machine's floor for a bulk load: PostgreSQL's own `COPY` of a CSV file, every column as
 * text, into a plain scratch table (no index, no trigger, no constraint, logged like any table) in
 * the given database, timed by the wall clock as the import is. The table is then dropped and its
 * writes checkpointed, so that what runs next starts as it would have. A benchmark prints its own rate
 * beside this one, measured in the same run, because hosts of one kind differ by half again.
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export interface CopyFloor {
  rows: number;
  seconds: number;
  perSecond: number;
}

export async function copyFloor(connectionString: string, file: string, header: string[]): Promise<CopyFloor> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const table = 'bench_copy_floor';
  try {
    await client.query(`drop table if exists ${table}`);
    await client.query(`create table ${table} (${header.map((h) => `"${h}" text`).join(', ')})`);
    const started = Date.now();
    await pipeline(
      createReadStream(file),
      client.query(copyFrom(`copy ${table} from stdin with (format csv, header true)`)),
    );
    const seconds = (Date.now() - started) / 1000;
    const rows = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
    return { rows, seconds, perSecond: rows / seconds };
  } finally {
    await client.query(`drop table if exists ${table}`).catch(() => {});
    await client.query('checkpoint').catch(() => {});
    await client.end();
  }
}
