/**
 * A copy of one's data as a candidate asks for it (data rights): a new candidate asks for the copy from their profile,
 * the queue builds it and emails the link, which the tests read back from the outbox.
 */
import { unzipSync } from 'fflate';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client } from './actors';
import type { TestApp } from './app';
import { runJobs } from './jobs';
import { bearer, candidatePayload, talentIds } from './talent';

/** An admin adds a candidate, who signs in and asks for a copy of their data; the queue builds it. */
export async function exportAsked(t: TestApp): Promise<{ email: string; candidateId: number }> {
  const admin = client(t, await t.login('admin@example.com'));
  const made = await admin.post('/candidates', candidatePayload(await talentIds(t.knex)));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const email = made.body.email as string;
  const candidateId = Number(String(made.body.id).split(':').pop());
  const me = client(t, await t.login(email));
  expect((await me.post('/data-rights/export', {})).status).toBe(202);
  await runJobs(t);
  return { email, candidateId };
}

/** The "data is ready to download" email to `email`. */
export async function exportReadyEmail(knex: Knex, email: string) {
  const mail = (await listOutbox(knex, email, 20)).find((m) => /data is ready to download/.test(m.subject));
  if (!mail) throw new Error('no export email');
  return mail;
}

/** The download link of that email, as a path with its query. */
export async function exportLink(knex: Knex, email: string): Promise<string> {
  const found = /(https?:\/\/\S+\/api\/v1\/data-rights\/exports\/download\?id=\d+&token=[\w-]+)/.exec(
    (await exportReadyEmail(knex, email)).text,
  );
  if (!found) throw new Error('no link in the export email');
  return new URL(found[1]).pathname + new URL(found[1]).search;
}

/**
 * The admin holding `token` makes a copy of candidate `candidateId`'s data; the queue builds it and the admin
 * downloads it. Answers its files by name.
 */
export async function adminExportFiles(
  t: TestApp,
  token: string,
  candidateId: number,
): Promise<Record<string, Uint8Array>> {
  const made = await t.http
    .post('/api/v1/data-rights/exports')
    .set(bearer(token))
    .send({ candidateId: `Candidate:${candidateId}` });
  expect(made.status, JSON.stringify(made.body)).toBe(202);
  await runJobs(t);
  const row = await t.knex('data_exports').where('candidate_id', candidateId).orderBy('id', 'desc').first();
  expect(row.status).toBe(2);
  const res = await t.http
    .get(`/api/v1/data-rights/exports/DataExport:${row.id}/file`)
    .set(bearer(token))
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  return unzipSync(new Uint8Array(res.body as Buffer));
}
