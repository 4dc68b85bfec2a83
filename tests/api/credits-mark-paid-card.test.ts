/**
 * Marking an order paid by hand is for order forms only: a card order is paid through Stripe, whose notice adds its
 * credits, so marking one paid (whatever the console shows) is a 409 that adds nothing; an order form is still paid once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Client;
let raas: { id: number; company_id: number };

beforeAll(async () => {
  t = await testApp();
  admin = client(t, await t.login('admin@example.com'));
  raas = await t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
});
afterAll(async () => {
  await t?.knex.destroy();
});

const balance = async () =>
  (await admin.get(`/credit/balance?companyId=Company:${raas.company_id}`)).body.balance as number;

/** A pending order of `channel` (1 order form, 2 card) for 3 credits, as the order calls write one. */
const pendingOrder = async (channel: number, n: string) =>
  (
    await t
      .knex('sales_orders')
      .insert({
        order_number: `TEST-${n}-${Date.now()}`,
        channel,
        status: 0,
        company_id: raas.company_id,
        user_id: raas.id,
        quantity: 3,
        unit_price: 100,
        discount_percent: 0,
        total: 300,
        currency: 'SGD',
      })
      .returning('id')
  )[0].id as number;

describe('Marking an order paid by hand', () => {
  it('is refused for a card order, which nothing credits, and pays an order form once', async () => {
    const before = await balance();
    const card = await pendingOrder(2, 'CARD');
    const refused = await admin.post(`/credit/sales-order/SalesOrder:${card}/paid`, {});
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error.code).toBe('credits.errors.cardOrder');
    expect((await t.knex('sales_orders').where('id', card).first('status')).status).toBe(0);
    expect(await balance()).toBe(before);

    const form = await pendingOrder(1, 'FORM');
    expect((await admin.post(`/credit/sales-order/SalesOrder:${form}/paid`, {})).status).toBe(200);
    expect(await balance()).toBe(before + 3);
  });
});
