/**
 * Card purchases: the real `stripe` SDK against a local stand-in of the Stripe API, webhooks
 * signed with the SDK's own test-header helper; and the local test mode used without keys.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe';

const WEBHOOK_SECRET = 'whsec_test_local_standin';
const stripe = new Stripe('sk_test_standin', { telemetry: false });

let t: TestApp;
let standIn: StripeStandIn;
let raas: Client;
let acme: Client;
let raasId: number;
let raasOwnerId: number;
let acmeId: number;
let acmeOwnerId: number;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await testApp();
  t.config.credits = {
    ...t.config.credits,
    stripe: { secretKey: 'sk_test_standin', webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url },
  };
  raas = client(t, await t.login('owner@raas.example.com'));
  acme = client(t, await t.login('owner@acme.example.com'));
  const r = await t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
  const a = await t.knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  [raasId, raasOwnerId, acmeId, acmeOwnerId] = [r.company_id, r.id, a.company_id, a.id];
});
afterAll(async () => {
  await standIn?.close();
  await t?.knex.destroy();
});

const balance = async () => (await raas.get('/credit/balance')).body.balance as number;

function completed(sessionId: string) {
  return JSON.stringify({
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', status: 'complete' } },
  });
}

const deliver = (payload: string, signature: string) =>
  t.http
    .post('/api/v1/credit/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signature)
    .send(payload);

describe('Buying credits by card through Stripe Checkout', () => {
  it('A RaaS company starts a checkout and gets its url; credits arrive only with the verified webhook, once however often it is delivered', async () => {
    const before = await balance();
    const res = await raas.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 12,
      discountAmount: 20,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = standIn.requests.find((r) => r.method === 'POST');
    expect(sent?.body.get('line_items[0][price_data][unit_amount]')).toBe('96000');
    expect(sent?.body.get('line_items[0][price_data][currency]')).toBe('sgd');
    expect(sent?.idempotencyKey).toMatch(/^checkout-SO-/);
    expect(await balance()).toBe(before);

    const sessionId = (res.body.url as string).split('/').pop() as string;
    const payload = completed(sessionId);
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push(
        await deliver(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })),
      );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.map((r) => r.body.credited)).toEqual([true, false, false, false, false]);
    expect(await balance()).toBe(before + 12);
    const order = await t
      .knex('sales_orders')
      .where('checkout_session_id', sessionId)
      .first('status', 'total', 'lot_id');
    expect(order).toMatchObject({ status: 1, total: 960 });
  });

  it('Simultaneous deliveries of one notice credit once', async () => {
    const before = await balance();
    const res = await raas.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 3,
    });
    const payload = completed((res.body.url as string).split('/').pop() as string);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    await Promise.all(Array.from({ length: 5 }, () => deliver(payload, header)));
    expect(await balance()).toBe(before + 3);
  });

  it('A forged webhook signature is refused and credits nothing', async () => {
    const res = await raas.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 2,
    });
    const payload = completed((res.body.url as string).split('/').pop() as string);
    const before = await balance();
    const forged = await deliver(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
    );
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('credits.errors.signature');
    const tampered = await deliver(
      payload.replace('"paid"', '"paid" '),
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(tampered.status).toBe(400);
    expect((await deliver(payload, '')).status).toBe(400);
    expect(await balance()).toBe(before);
  });

  it('Refuses what the purchase modal refuses: no member, a member of another company, above the top tier, a normal company', async () => {
    const missing = await raas.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${raasId}`,
      noOfCredits: 1,
    });
    expect(missing.body.error.fields).toEqual({ userId: 'member.errors.required' });
    const zero = await raas.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 0,
    });
    expect(zero.body.error.fields).toEqual({ noOfCredits: 'noOfCredits.errors.zeroCredits' });
    const other = await raas.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${raasId}`,
      userId: `User:${acmeOwnerId}`,
      noOfCredits: 1,
    });
    expect(other.body.error.fields).toEqual({ userId: 'member.errors.notInCompany' });
    const enterprise = await raas.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 20,
    });
    expect(enterprise.body.error.fields).toEqual({ noOfCredits: 'noOfCredits.errors.enterprise' });
    expect(
      (
        await raas.post('/credit/instant-purchase/stripe', {
          companyId: `Company:${acmeId}`,
          userId: `User:${acmeOwnerId}`,
          noOfCredits: 1,
        })
      ).status,
    ).toBe(404);
    const normal = await acme.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${acmeId}`,
      userId: `User:${acmeOwnerId}`,
      noOfCredits: 1,
    });
    expect(normal.status).toBe(403);
    expect(normal.body.error.code).toBe('credits.errors.notRaas');
  });

  it('When Stripe cannot be reached the buyer gets the payment message and no order is left half-made', async () => {
    const orders = await t.knex('sales_orders').count({ n: '*' });
    const saved = t.config.credits.stripe;
    t.config.credits = {
      ...t.config.credits,
      stripe: { ...(saved as NonNullable<typeof saved>), apiUrl: 'http://127.0.0.1:9' },
    };
    try {
      const res = await raas.post('/credit/instant-purchase/stripe', {
        companyId: `Company:${raasId}`,
        userId: `User:${raasOwnerId}`,
        noOfCredits: 1,
      });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('credits.errors.paymentUnavailable');
    } finally {
      t.config.credits = { ...t.config.credits, stripe: saved };
    }
    expect(await t.knex('sales_orders').count({ n: '*' })).toEqual(orders);
  });
});

describe('The local test mode without Stripe keys', () => {
  let local: TestApp;
  let buyer: Client;
  beforeAll(async () => {
    local = await testApp();
    buyer = client(local, await local.login('owner@raas.example.com'));
  });
  afterAll(async () => {
    await local?.knex.destroy();
  });

  it('Opens the marked test checkout page, whose payment goes through the signed webhook path once', async () => {
    expect((await buyer.get('/credit/pricing')).body).toMatchObject({
      paymentMode: 'test',
      currency: 'SGD',
      locale: 'en-SG',
      pricePerCredit: 100,
    });
    const before = (await buyer.get('/credit/balance')).body.balance;
    const res = await buyer.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 5,
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url, 'http://portal.test');
    expect(res.body.url).toMatch(/^\/credits\/company\?test_checkout=cs_test_local_/);
    expect(url.pathname).toBe('/credits/company');
    const session = url.searchParams.get('test_checkout') as string;
    expect((await buyer.get(`/credit/test-checkout/${session}`)).body).toMatchObject({
      quantity: 5,
      total: 500,
      currency: 'SGD',
      status: 0,
    });
    expect((await buyer.post(`/credit/test-checkout/${session}/pay`)).body).toEqual({ received: true, credited: true });
    expect((await buyer.post(`/credit/test-checkout/${session}/pay`)).body).toEqual({
      received: true,
      credited: false,
    });
    expect((await buyer.get('/credit/balance')).body.balance).toBe(before + 5);
    const other = client(local, await local.login('owner@acme.example.com'));
    expect((await other.post(`/credit/test-checkout/${session}/pay`)).status).toBe(404);
  });
});
