/**
 * Bulk actions on candidates some of which another admin deleted meanwhile: DELETE /candidates {keys} deletes the
 * others in one request and answers the gone ones as gone, not as a failure of the batch; the bulk status change skips
 * them and counts what changed, what already had the status and what was gone. A correction request with no field
 * chosen is refused as required, not as a field that cannot be corrected.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { candidatePayload, talentIds, type TalentIds } from '../helpers/talent';

let t: TestApp;
let admin: Client;
let ids: TalentIds;
let serial = 0;

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  ids = await talentIds(t.knex);
}, 120_000);

/** A new candidate with `status`, answered as its API id ('Candidate:12'). */
async function newCandidate(status: number): Promise<string> {
  serial += 1;
  const email = `bulk-gone-${serial}-${Date.now()}@example.com`;
  const res = await admin.post('/candidates', { ...candidatePayload(ids, { email }), status });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.id);
}

const rowId = (key: string) => Number(key.replace('Candidate:', ''));
const exists = async (key: string) => !!(await t.knex('candidates').where('id', rowId(key)).first('id'));

describe('Bulk actions on candidates another admin deleted meanwhile', () => {
  it('a bulk delete deletes the others in one request and answers the gone key as gone', async () => {
    const keys = [await newCandidate(1), await newCandidate(1), await newCandidate(2)];
    expect((await admin.delete(`/candidates/${keys[1]}`)).status).toBe(200);

    const res = await admin.delete('/candidates').send({ keys });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deleted: [keys[0], keys[2]], gone: [keys[1]], refused: [] });
    expect(await exists(keys[0])).toBe(false);
    expect(await exists(keys[2])).toBe(false);
    // Only ids and counts: no profile in the answer.
    expect(JSON.stringify(res.body)).not.toContain('@example.com');
  });

  it('a bulk delete of nothing is refused', async () => {
    expect((await admin.delete('/candidates').send({})).status).toBe(400);
    expect((await admin.delete('/candidates').send({ keys: [] })).status).toBe(400);
  });

  it('a company user may not bulk delete candidates', async () => {
    const key = await newCandidate(1);
    const company = client(t, await t.login('owner@acme.example.com'));
    expect((await company.delete('/candidates').send({ keys: [key] })).status).toBe(403);
    expect(await exists(key)).toBe(true);
  });

  it('a bulk status change skips the gone key and counts changed, unchanged and gone', async () => {
    const keys = [await newCandidate(2), await newCandidate(1), await newCandidate(2), await newCandidate(2)];
    expect((await admin.delete(`/candidates/${keys[3]}`)).status).toBe(200);

    const res = await admin.post('/candidates/update/status', { candidates: keys, status: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ updated: 2, unchanged: 1, gone: [keys[3]], candidates: [keys[0], keys[2]] });
    const statuses = await t.knex('candidates').whereIn('id', keys.slice(0, 3).map(rowId)).pluck('status');
    expect(statuses).toEqual([1, 1, 1]);
  });
});

describe('A correction request with no field chosen', () => {
  it('is refused as required, not as a field that cannot be corrected', async () => {
    const key = await newCandidate(1);
    const email = (await t.knex('candidates').where('id', rowId(key)).first('email')).email as string;
    const me = client(t, await t.login(email));
    for (const field of ['', '  ']) {
      const res = await me.post('/data-rights/corrections', { field, proposedValue: 'x', note: 'Because' });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.fields).toEqual({ field: 'field.errors.required' });
    }
    const other = await me.post('/data-rights/corrections', { field: 'email', proposedValue: 'x', note: 'Because' });
    expect(other.body.error.fields).toEqual({ field: 'field.errors.notCorrectable' });
  });
});
