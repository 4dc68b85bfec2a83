/**
 * Refusals name the problem the caller made: a bulk deletion given a string for its keys says the keys are invalid
 * (not missing), the merges list asked without its survivor says it is required (not invalid), a file sent under
 * another field name is told the field to send it as (not "one file at a time"), and a candidate naming another
 * profile for their CV is answered the same whether that profile exists or not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { pdfOf, SG_ENGINEER } from '../helpers/cvs';
import { bearer, talentWorld } from '../helpers/talent';

let t: TestApp;
let admin: string;
let candidate: string;
let demoId: string;

beforeAll(async () => {
  ({ t, admin, candidate, demoId } = await talentWorld());
}, 120_000);

describe('Refusals that name what was wrong', () => {
  it('a string for the keys of a bulk deletion is invalid, not missing', async () => {
    const user = await t.knex('company_users').orderBy('id').first('id');
    for (const [path, keys] of [
      ['/api/v1/countries', '1'],
      ['/api/v1/company-users', `User:${user.id}`],
    ]) {
      const res = await t.http.delete(path).set(bearer(admin)).send({ keys });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.fields, path).toEqual({ keys: 'keys.errors.invalid' });
    }
    const none = await t.http.delete('/api/v1/countries').set(bearer(admin)).send({});
    expect(none.body.error.fields).toEqual({ keys: 'keys.errors.required' });
  });

  it('the merges list without its survivor says the survivor is required', async () => {
    const res = await t.http.get('/api/v1/candidate-merges').set(bearer(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ survivorId: 'survivorId.errors.required' });
    const bad = await t.http.get('/api/v1/candidate-merges?survivorId=nope').set(bearer(admin));
    expect(bad.body.error.fields).toEqual({ survivorId: 'survivorId.errors.invalid' });
  });

  it('a file under another field name is told the field to send it as', async () => {
    const res = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(admin))
      .attach('other', await pdfOf(SG_ENGINEER), 'cv.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toEqual({ other: 'upload.errors.unexpectedField' });
    expect(res.body.error.message).toBe("Unexpected file field 'other': send the file as 'file'");
  });

  it('a candidate naming another profile for their CV cannot tell whether it exists', async () => {
    const other = await t.knex('candidates').whereNot('email', 'candidate@example.com').orderBy('id').first('id');
    expect(`Candidate:${other.id}`).not.toBe(demoId);
    const post = (candidateId: string) =>
      t.http
        .post('/api/v1/candidates/cv-data')
        .set(bearer(candidate))
        .field('candidateId', candidateId)
        .attach('file', Buffer.from('%PDF-1.4\n'), 'cv.pdf');
    const existing = await post(`Candidate:${other.id}`);
    const missing = await post('Candidate:99999999');
    expect(existing.status, JSON.stringify(existing.body)).toBe(missing.status);
    expect(existing.body).toEqual(missing.body);
    expect(missing.status).toBe(404);
  });
});
