/**
 * Erasure in tests: an erasure as an admin carries out one received elsewhere (recorded, then
 * carried out early, over HTTP), and the scan of every table for what must not be left.
 */
import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { TestApp } from './app';
import { runJobs } from './jobs';
import { bearer, candidatePayload, talentIds } from './talent';

/** Erases candidate `candidateId` (its id, plain or 'Candidate:N') as the admin holding `token`; answers the request's id. */
export async function eraseNow(t: TestApp, token: string, candidateId: number | string): Promise<number> {
  const auth = { Authorization: `Bearer ${token}` };
  const id = typeof candidateId === 'number' ? `Candidate:${candidateId}` : candidateId;
  const recorded = await t.http.post('/api/v1/data-rights/erasures').set(auth).send({ candidateId: id });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
  const done = await t.http
    .post(`/api/v1/data-rights/erasures/${recorded.body.id}/carry-out`)
    .set(auth)
    .send({ early: true });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return Number(String(recorded.body.id).split(':').pop());
}

/** The admin holding `token` adds a candidate, `fields` over the sample payload's; answers its id. */
export async function candidateToErase(t: TestApp, token: string, fields: Record<string, unknown>): Promise<number> {
  const created = await t.http
    .post('/api/v1/candidates')
    .set(bearer(token))
    .send(candidatePayload(await talentIds(t.knex), fields));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return Number(String(created.body.id).split(':').pop());
}

/** eraseNow, then the queue's jobs run once (the erasure's follow-ups: ATS records, files, mail). */
export async function eraseAndSettle(t: TestApp, token: string, candidateId: number | string): Promise<void> {
  await eraseNow(t, token, candidateId);
  await runJobs(t);
}

/**
 * Every row of every table of the application and of the job queue (the data rights log, erasure
 * records and partitions included) whose text holds one of `markers`, as `schema.table: row`.
 */
export async function scanTables(knex: Knex, markers: string[]): Promise<string[]> {
  const pattern = markers.join('|');
  const tables = await knex('information_schema.tables')
    .whereIn('table_schema', ['public', 'graphile_worker'])
    .where('table_type', 'BASE TABLE')
    .select('table_schema as schema', 'table_name as name');
  const found: string[] = [];
  for (const t of tables) {
    const { rows } = await knex.raw(`select t::text as row from "${t.schema}"."${t.name}" t where t::text ~* ?`, [
      pattern,
    ]);
    for (const r of rows) found.push(`${t.schema}.${t.name}: ${String(r.row).slice(0, 300)}`);
  }
  return found;
}
