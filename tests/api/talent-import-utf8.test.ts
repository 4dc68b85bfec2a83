/**
 * A CSV that is not UTF-8 text (Excel's plain "CSV" is Windows-1252) is refused at upload, 400 on `file`, telling the
 * admin to save it as "CSV UTF-8", rather than imported with U+FFFD in place of every accented letter. A UTF-8 file
 * is taken, accents and all, even one whose characters are cut between the pieces its import reads the file in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../backend/jobs/worker';
import type { TestApp } from '../helpers/app';
import { bearer } from '../helpers/talent';
import { importApp, importFinished, uploadImport } from '../helpers/talentImport';

let t: TestApp;
let admin: string;
let worker: Worker;

beforeAll(async () => {
  ({ t, admin, worker } = await importApp());
});

afterAll(async () => {
  await worker?.stop();
});

const importsStored = async () => Number((await t.knex('candidate_imports').count({ n: '*' }).first())?.n);
const uploadBytes = (bytes: Buffer, name = 'people.csv') =>
  t.http.post('/api/v1/candidates/imports').set(bearer(admin)).attach('file', bytes, name);

describe('An import file’s encoding', () => {
  it('Windows-1252 (Excel’s plain CSV) is refused at upload, telling to save it as CSV UTF-8', async () => {
    const before = await importsStored();
    const refused = await uploadBytes(
      Buffer.from('email,firstName,lastName\nzoe@utf8.example.com,Zoë,Müller\n', 'latin1'),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'imports.errors.notUtf8',
      fields: { file: 'imports.errors.notUtf8' },
    });
    expect(refused.body.error.message).toContain('not UTF-8 text');
    expect(refused.body.error.message).toContain('CSV UTF-8');
    expect(await importsStored()).toBe(before);
    expect(await t.knex('candidates').where('email', 'zoe@utf8.example.com').first()).toBeUndefined();
  });

  it('UTF-8 is taken, accents kept, even with a character cut where the import reads the file in pieces', async () => {
    const email = 'candidate@example.com';
    const start = `email,firstName,_note\n${email},Zoë,`;
    // '€' is three bytes: the run starts so that the first 1 MiB ends one byte into one of them.
    let pad = 0;
    while (((1 << 20) - Buffer.byteLength(start) - pad) % 3 !== 1) pad += 1;
    const content = `${start}${'x'.repeat(pad)}${'€'.repeat(400_000)}\n`;
    const started = await uploadImport(t, admin, 'utf8.csv', content);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const done = await importFinished(t, admin, started.body.id);
    expect(done).toMatchObject({ status: 'done', error: null, updated: 1, rejected: 0 });
    expect(await t.knex('candidates').where('email', email).first('first_name')).toEqual({ first_name: 'Zoë' });
  }, 120_000);
});
