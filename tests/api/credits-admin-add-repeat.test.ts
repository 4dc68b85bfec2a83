/**
 * An admin's credit add made once: the same add (company, number of credits, expiry) repeated by the
 * same admin within 2 minutes, one after the other or at the same moment, leaves one lot and is
 * refused with a 409 naming the field; another quantity, expiry or company, or the same add after
 * the first lot was deleted, goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Client;
let acmeId: number;
let raasId: number;

function day(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

const lotsOf = async (companyId: number, quantity: number, expiry?: string) => {
  const q = t.knex('credit_lots').where({ company_id: companyId, quantity, source: 1 }).whereNull('deleted_at');
  if (expiry) q.where('expiry_date', expiry);
  return Number((await q.count({ n: '*' }).first())?.n);
};
const logsOf = async (companyId: number) =>
  Number((await t.knex('credit_logs').where({ company_id: companyId, action: 1 }).count({ n: '*' }).first())?.n);

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  acmeId = (await t.knex('company_users').where('email', 'owner@acme.example.com').first('company_id')).company_id;
  raasId = (await t.knex('company_users').where('email', 'owner@raas.example.com').first('company_id')).company_id;
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe('Adding the same credits twice', () => {
  it('the same add again at once is refused with a 409 at the number of credits, and one lot is made', async () => {
    const body = { companyId: `Company:${acmeId}`, noOfCredits: 13, expiryDate: day(91) };
    const logsBefore = await logsOf(acmeId);
    const first = await admin.post('/credit', body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await admin.post('/credit', body);
    expect(second.status, JSON.stringify(second.body)).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'credits.errors.repeatedAdd',
      message: expect.stringContaining('less than 2 minutes ago'),
      fields: { noOfCredits: 'noOfCredits.errors.repeated' },
      creditDataId: first.body.creditDataId,
    });
    expect(await lotsOf(acmeId, 13, day(91))).toBe(1);
    expect(await logsOf(acmeId)).toBe(logsBefore + 1);
    // The balance did not move for the refused one.
    const balance = await admin.get(`/credit/balance?companyId=Company:${acmeId}`);
    expect(balance.body.balance).toBe(first.body.balance);
  });

  it('the same add without an expiry date (the default one) is made once too', async () => {
    const body = { companyId: `Company:${raasId}`, noOfCredits: 17 };
    expect((await admin.post('/credit', body)).status).toBe(201);
    expect((await admin.post('/credit', body)).status).toBe(409);
    expect(await lotsOf(raasId, 17)).toBe(1);
  });

  it('identical adds at the same moment make exactly one lot; the others get a 409', async () => {
    const body = { companyId: `Company:${acmeId}`, noOfCredits: 19, expiryDate: day(92) };
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.post('/credit', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.error.fields).toEqual({ noOfCredits: 'noOfCredits.errors.repeated' });
    expect(await lotsOf(acmeId, 19, day(92))).toBe(1);
    // Nobody waited on a deadlock or a lock timeout.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('another quantity, another expiry or another company goes through', async () => {
    const body = { companyId: `Company:${acmeId}`, noOfCredits: 23, expiryDate: day(93) };
    expect((await admin.post('/credit', body)).status).toBe(201);
    expect((await admin.post('/credit', { ...body, noOfCredits: 24 })).status).toBe(201);
    expect((await admin.post('/credit', { ...body, expiryDate: day(94) })).status).toBe(201);
    expect((await admin.post('/credit', { ...body, companyId: `Company:${raasId}` })).status).toBe(201);
    expect(await lotsOf(acmeId, 23, day(93))).toBe(1);
    expect(await lotsOf(acmeId, 24, day(93))).toBe(1);
    expect(await lotsOf(acmeId, 23, day(94))).toBe(1);
    expect(await lotsOf(raasId, 23, day(93))).toBe(1);
  });

  it('once the lot is deleted, adding it again is deliberate and goes through', async () => {
    const body = { companyId: `Company:${raasId}`, noOfCredits: 29, expiryDate: day(95) };
    const first = await admin.post('/credit', body);
    expect(first.status).toBe(201);
    const removed = await admin.delete(`/credit/Company:${raasId}/${first.body.creditDataId}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await admin.post('/credit', body)).status).toBe(201);
    expect(await lotsOf(raasId, 29, day(95))).toBe(1);
  });
});
