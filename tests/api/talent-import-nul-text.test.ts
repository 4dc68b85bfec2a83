/**
 * An import row whose free text holds a NUL (which PostgreSQL refuses in text) is refused before anything is written,
 * on the cell that holds it, by the request guard's rule; the report names the field, and the other rows import.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../backend/jobs/worker';
import { t as text } from '../../i18n';
import type { TestApp } from '../helpers/app';
import { importApp, importFinished, importPerson, uploadImport } from '../helpers/talentImport';

let t: TestApp;
let admin: string;
let worker: Worker;

beforeAll(async () => {
  ({ t, admin, worker } = await importApp());
});

afterAll(async () => {
  await worker?.stop();
});

const person = (email: string, summary: string) => importPerson(email, { summary });

describe('An import row whose text holds a NUL', () => {
  it('is refused on that field, and the report says so', async () => {
    const lines = [
      person('nul.text@import.example.com', 'Go\u0000dev'),
      person('clean.text@import.example.com', 'Go developer'),
    ].map((line) => JSON.stringify(line));
    const started = await uploadImport(t, admin, 'nul.jsonl', `${lines.join('\n')}\n`);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const done = await importFinished(t, admin, started.body.id);
    expect(done).toMatchObject({ status: 'done', created: 1, rejected: 1 });
    expect(await t.knex('candidates').where('email', 'nul.text@import.example.com').first('id')).toBeUndefined();

    const report = await t.http
      .get(`/api/v1/candidates/imports/${started.body.id}/report`)
      .set('Authorization', `Bearer ${admin}`);
    expect(report.status).toBe(200);
    const rows = report.text.slice(1).trim().split('\n');
    expect(rows.slice(1)).toEqual([
      `1,nul.text@import.example.com,${text('entities.candidate.fields.summary')}: ${text('errors.invalidText')}`,
    ]);
  }, 120_000);
});
