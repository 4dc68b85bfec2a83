/**
 * An admin's credit calls over HTTP:
 * - updating only a lot's expiry logs both dates in the entry's note, as the product writes dates;
 * - an order form is made only for a RaaS company, as a card checkout is: a normal company's projects are never
 *   charged, so it is refused with a field message and no order or email is made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../schema/rules/dates';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { mailsTo } from '../helpers/mailbox';

let t: TestApp;
let admin: Client;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const owner = (email: string) => t.knex('company_users').where('email', email).first('id', 'company_id');

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
});
afterAll(async () => {
  await t?.knex.destroy();
});

describe('An admin moves only the expiry of a lot', () => {
  it('the log entry names the old and the new expiry', async () => {
    const { company_id: companyId } = await owner('owner@acme.example.com');
    const add = await admin.post('/credit', { companyId: `Company:${companyId}`, noOfCredits: 6, expiryDate: day(60) });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    const lotId = add.body.creditDataId as string;

    const upd = await admin.put(`/credit/${lotId}`, {
      companyId: `Company:${companyId}`,
      noOfCredits: 6,
      expiryDate: day(400),
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const log = await admin.get(`/credit/logs?companyId=Company:${companyId}&action=${CREDIT_ACTIONS.updatedByAdmin}`);
    expect(log.body.data[0]).toMatchObject({
      actionLabel: 'Updated by admin',
      credits: 0,
      note: `Expiry ${formatDate(day(60))} → ${formatDate(day(400))}`,
    });
    expect(log.body.data[0].note).toMatch(/^Expiry \d{1,2} \w{3,4} \d{4} → \d{1,2} \w{3,4} \d{4}$/);
  });
});

describe('Order forms', () => {
  it('are refused for a normal company with a field message, and made for a RaaS company', async () => {
    const acme = await owner('owner@acme.example.com');
    const ordersBefore = await t.knex('sales_orders').where('company_id', acme.company_id).count({ n: '*' });
    const mailsBefore = (await mailsTo(t.knex, 'owner@acme.example.com')).length;
    const refused = await admin.post('/credit/sales-order', {
      companyId: `Company:${acme.company_id}`,
      userId: `User:${acme.id}`,
      noOfCredits: 2,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ companyId: 'credits.errors.notRaas' });
    expect(await t.knex('sales_orders').where('company_id', acme.company_id).count({ n: '*' })).toEqual(ordersBefore);
    expect(await mailsTo(t.knex, 'owner@acme.example.com')).toHaveLength(mailsBefore);

    const raas = await owner('owner@raas.example.com');
    const made = await admin.post('/credit/sales-order', {
      companyId: `Company:${raas.company_id}`,
      userId: `User:${raas.id}`,
      noOfCredits: 2,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  });
});
