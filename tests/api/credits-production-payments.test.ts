/**
 * No free credits in production: a server started in production without Stripe keys has no card
 * payment. The pricing says so (the portal's button reads "not available"), a checkout answers 409
 * with a clear message, the local test checkout does not exist and no payment notice is believed;
 * the order form still works. Probed as a RaaS owner who would like credits for nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let raas: Client;
let raasId: number;
let raasOwnerId: number;

beforeAll(async () => {
  t = await testApp();
  raas = client(t, await t.login('owner@raas.example.com'));
  const r = await t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
  [raasId, raasOwnerId] = [r.company_id, r.id];
  // Production, no keys: the configuration a forgotten STRIPE_SECRET_KEY leaves.
  t.config.env = 'production';
  t.config.credits = { ...t.config.credits, stripe: undefined };
});
afterAll(async () => {
  await t?.knex.destroy();
});

const balance = async () => (await raas.get('/credit/balance')).body.balance as number;

describe('Card payment in production without Stripe keys', () => {
  it('is announced as unavailable, and a checkout is refused with 409 and a clear message, no order left open to pay', async () => {
    expect((await raas.get('/credit/pricing')).body.paymentMode).toBe('unavailable');
    const before = await balance();
    const res = await raas.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 3,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('credits.errors.cardUnavailable');
    expect(res.body.error.message).toMatch(/not available/);
    expect(
      await t.knex('sales_orders').where({ company_id: raasId }).whereNotNull('checkout_session_id').first(),
    ).toBeUndefined();
    expect(await balance()).toBe(before);
  });

  it('has no test checkout: reading or paying a made-up session is 404, and credits nothing', async () => {
    const before = await balance();
    expect((await raas.get('/credit/test-checkout/cs_test_local_abcdef')).status).toBe(404);
    expect((await raas.post('/credit/test-checkout/cs_test_local_abcdef/pay')).status).toBe(404);
    expect(await balance()).toBe(before);
  });

  it('believes no payment notice', async () => {
    const res = await t.http
      .post('/api/v1/credit/stripe/webhook')
      .set('stripe-signature', 't=1,v1=forged')
      .set('Content-Type', 'application/json')
      .send('{"type":"checkout.session.completed"}');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('credits.errors.signature');
  });

  it('still takes an order form', async () => {
    const admin = client(t, await t.login('admin@example.com'));
    const res = await admin.post('/credit/sales-order', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  });
});
