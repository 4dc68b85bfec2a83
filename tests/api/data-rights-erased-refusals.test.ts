/**
 * An erased candidate's row is only the "Erased candidate" a company's history keeps: an admin asking for a copy of
 * their data, or recording a new erasure request for them, is refused (409) with the reason, and nothing is queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { candidateToErase, eraseAndSettle } from '../helpers/erasure';
import { bearer } from '../helpers/talent';

let t: TestApp;
let admin: string;
let id: number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  id = await candidateToErase(t, admin, {
    ...{ firstName: 'Quillon', lastName: 'Erasmo', email: 'quillon.erasmo@refused.example.org' },
    ...{ phone: '+65 8123 6501', linkedInUrl: null },
  });
  await eraseAndSettle(t, admin, id);
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
