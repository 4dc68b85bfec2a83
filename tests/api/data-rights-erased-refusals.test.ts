/**
 * An erased candidate's row is only the "Erased candidate" a company's history keeps: an admin asking for a copy of
 * their data, or recording a new erasure request for them, is refused (409) with the reason, and nothing is queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { eraseNow } from '../helpers/erasure';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let admin: string;
let id: number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  const created = await t.http
    .post('/api/v1/candidates')
    .set(bearer(admin))
    .send(
      candidatePayload(await talentIds(t.knex), {
        ...{ firstName: 'Quillon', lastName: 'Erasmo', email: 'quillon.erasmo@refused.example.org' },
        ...{ phone: '+65 8123 6501', linkedInUrl: null },
      }),
    );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  id = Number(String(created.body.id).split(':').pop());
  await eraseNow(t, admin, id);
  await runJobs(t);
}, 120_000);

afterAll(async () => {
  await t?.knex.destroy();
});

describe('An erased candidate', () => {
  it('gets no copy of their data: 409, and no export is recorded', async () => {
    const res = await t.http
      .post('/api/v1/data-rights/exports')
      .set(bearer(admin))
      .send({ candidateId: `Candidate:${id}` });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'dataExport.errors.erased',
      message: 'This candidate was erased: there is no data left to copy',
    });
    expect(await t.knex('data_exports').where('candidate_id', id).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('gets no new erasure request: 409, and the carried-out request is the only one', async () => {
    const res = await t.http
      .post('/api/v1/data-rights/erasures')
      .set(bearer(admin))
      .send({ candidateId: `Candidate:${id}` });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'erasure.errors.done', message: 'This candidate was already erased' });
    expect(await t.knex('erasure_requests').where('candidate_id', id).pluck('status')).toEqual([3]);
  });
});
