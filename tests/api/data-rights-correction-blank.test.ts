/**
 * A correction request that leaves "What it should say" blank: the candidate asks for a wrong value
 * to be removed. Empty text, blank text and null (the value the list itself answers with) are all
 * "no value": stored as none and listed so, in the candidate's list and the console's queue; applied
 * as asked, the wrong value is removed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { bearer, candidatePayload, talentIds } from '../helpers/talent';

let t: TestApp;
let admin: Client;
let me: Client;
let candidateId: number;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  const res = await t.http
    .post('/api/v1/candidates')
    .set(bearer(await t.login('admin@example.com')))
    .send({ ...candidatePayload(await talentIds(t.knex)), status: 1, reasonForLeaving: 'Fired', lookingFor: 'x' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  candidateId = Number(String(res.body.id).replace('Candidate:', ''));
  me = client(t, await t.login(res.body.email));
}, 120_000);

describe('A correction request with no proposed value', () => {
  it('takes empty and blank text as no value', async () => {
    for (const [field, proposedValue] of [
      ['reasonForLeaving', ''],
      ['lookingFor', '   \n '],
      ['visibility', null],
    ]) {
      const asked = await me.post('/data-rights/corrections', { field, proposedValue, note: 'Please remove it' });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      expect(asked.body.corrections.find((c: { field: string }) => c.field === field)).toMatchObject({
        field,
        proposedValue: null,
        status: 'open',
      });
    }
    const rows = await t.knex('data_corrections').where('candidate_id', candidateId).pluck('proposed_value');
    expect(rows).toEqual([null, null, null]);
    const queue = await admin.get('/data-corrections?filter=' + encodeURIComponent(JSON.stringify({ candidateId })));
    expect(queue.status).toBe(200);
    expect(queue.body.map((c: { proposedValue: unknown }) => c.proposedValue)).toEqual([null, null, null]);
    // Applied as asked, the wrong value is removed.
    const entry = queue.body.find((c: { field: string }) => c.field === 'reasonForLeaving');
    expect((await admin.post(`/data-rights/corrections/${entry.id}/apply`, {})).status).toBe(200);
    expect((await t.knex('candidates').where('id', candidateId).first('reason_for_leaving')).reason_for_leaving).toBe(
      null,
    );
  });

  it('still refuses a proposed value that is too long, or not text', async () => {
    for (const proposedValue of ['x'.repeat(2001), 42]) {
      const res = await me.post('/data-rights/corrections', { field: 'source', proposedValue, note: 'x' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['proposedValue']);
    }
  });
});
