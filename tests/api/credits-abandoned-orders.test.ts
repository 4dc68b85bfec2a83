/**
 * Orders nobody finishes and orders made twice: a card checkout left unpaid is cancelled when
 * Stripe reports it expired or, without that notice (the local test checkout), by the hourly
 * expire_checkouts job past the checkout's lifetime, and can no longer be paid there; a payment Stripe
 * still confirms for it is credited. A double submit of an order form makes one order and one email.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { CHECKOUT_LIFETIME_HOURS } from '../../backend/features/credits';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe';

const WEBHOOK_SECRET = 'whsec_test_abandoned_orders';
const stripe = new Stripe('sk_test_standin', { telemetry: false });
const PENDING = 0;
const PAID = 1;
const CANCELLED = 2;

let t: TestApp;
let standIn: StripeStandIn;
let raas: Client;
let admin: Client;
let raasId: number;
let raasOwnerId: number;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await testApp();
  raas = client(t, await t.login('owner@raas.example.com'));
  admin = client(t, await t.login('admin@example.com'));
  const r = await t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
  [raasId, raasOwnerId] = [r.company_id, r.id];
});
afterAll(async () => {
  await standIn?.close();
  await t?.knex.destroy();
});

const checkout = async (noOfCredits: number) => {
  const res = await raas.post('/credit/instant-purchase/stripe', {
    companyId: `Company:${raasId}`,
    userId: `User:${raasOwnerId}`,
    noOfCredits,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const order = await t
    .knex('sales_orders')
    .where('order_number', res.body.orderNumber)
    .first('id', 'checkout_session_id');
  return { ...order, url: res.body.url as string } as { id: number; checkout_session_id: string; url: string };
};
const statusOf = async (id: number) => (await t.knex('sales_orders').where('id', id).first('status')).status;
const balance = async () => (await raas.get('/credit/balance')).body.balance as number;

const notice = (type: string, sessionId: string) =>
  JSON.stringify({
    id: `evt_${type}_${sessionId}`,
    object: 'event',
    type,
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', status: 'complete' } },
  });
const deliver = (payload: string) =>
  t.http
    .post('/api/v1/credit/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
    .send(payload);

describe('A card checkout nobody pays', () => {
  it('Stripe reporting the checkout expired cancels its order; a payment it still confirms afterwards is credited', async () => {
    const saved = t.config.credits;
    t.config.credits = {
      ...saved,
      stripe: { secretKey: 'sk_test_standin', webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url },
    };
    try {
      const order = await checkout(2);
      expect(await statusOf(order.id)).toBe(PENDING);
      const expired = await deliver(notice('checkout.session.expired', order.checkout_session_id));
      expect(expired.status).toBe(200);
      expect(expired.body).toMatchObject({ received: true, credited: false, expired: true });
      expect(await statusOf(order.id)).toBe(CANCELLED);
      // Delivered again, it finds nothing left to cancel.
      expect((await deliver(notice('checkout.session.expired', order.checkout_session_id))).body.expired).toBe(false);

      // The money was received after all: it is credited once.
      const before = await balance();
      const paid = await deliver(notice('checkout.session.completed', order.checkout_session_id));
      expect(paid.body).toEqual({ received: true, credited: true });
      expect(await statusOf(order.id)).toBe(PAID);
      expect(await balance()).toBe(before + 2);
    } finally {
      t.config.credits = saved;
    }
  });

  it('The test checkout left open is cancelled by the hourly job once past its lifetime, and cannot be paid then', async () => {
    const stale = await checkout(1);
    const fresh = await checkout(1);
    const orderForm = await admin.post('/credit/sales-order', {
      companyId: `Company:${raasId}`,
      userId: `User:${raasOwnerId}`,
      noOfCredits: 3,
    });
    expect(orderForm.status).toBe(201);
    const formId = Number(String(orderForm.body.orderId).replace(/^\D+:/, ''));
    const longAgo = t.knex.raw(`now() - make_interval(hours => ?)`, [CHECKOUT_LIFETIME_HOURS + 1]);
    await t.knex('sales_orders').whereIn('id', [stale.id, formId]).update({ created_at: longAgo });

    await t.knex.raw(`select graphile_worker.add_job('expire_checkouts', '{}'::json)`);
    await runJobs(t);
    expect(await t.knex('graphile_worker.jobs').where('task_identifier', 'expire_checkouts').count({ n: '*' })).toEqual(
      [{ n: 0 }],
    );
    expect(await statusOf(stale.id)).toBe(CANCELLED);
    expect(await statusOf(fresh.id), 'a checkout still open').toBe(PENDING);
    expect(await statusOf(formId), 'an order form waits for its bank transfer').toBe(PENDING);

    const session = new URL(stale.url, 'http://portal.test').searchParams.get('test_checkout') as string;
    expect((await raas.get(`/credit/test-checkout/${session}`)).body.status).toBe(CANCELLED);
    const late = await raas.post(`/credit/test-checkout/${session}/pay`);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('credits.errors.checkoutExpired');
    expect(await statusOf(stale.id)).toBe(CANCELLED);
  });
});

describe('An order form submitted twice', () => {
  it('Two submits at once, and one a moment later, make one order and one email', async () => {
    const body = { companyId: `Company:${raasId}`, userId: `User:${raasOwnerId}`, noOfCredits: 7 };
    const before = await t.knex('sales_orders').where({ company_id: raasId, quantity: 7 }).count({ n: '*' });
    const answers = await Promise.all([
      admin.post('/credit/sales-order', body),
      admin.post('/credit/sales-order', body),
    ]);
    const again = await admin.post('/credit/sales-order', body);
    expect([...answers, again].map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set([...answers, again].map((r) => r.body.orderId)).size).toBe(1);
    const after = await t.knex('sales_orders').where({ company_id: raasId, quantity: 7 }).count({ n: '*' });
    expect(Number(after[0].n)).toBe(Number(before[0].n) + 1);
    const mails = await listOutbox(t.knex, 'owner@raas.example.com', 50);
    expect(mails.filter((m) => m.subject === `Order form ${answers[0].body.orderNumber}`)).toHaveLength(1);

    // Another quantity is another order.
    const other = await admin.post('/credit/sales-order', { ...body, noOfCredits: 8 });
    expect(other.body.orderId).not.toBe(answers[0].body.orderId);
  });
});
