/**
 * Card payments confirmed later (bank debits and the like): Stripe completes the checkout unpaid,
 * then sends checkout.session.async_payment_succeeded, which credits the order once, or
 * checkout.session.async_payment_failed, which cancels it. Signed with the SDK's test-header helper
 * and delivered to the webhook, the checkout made through the real `stripe` SDK against the stand-in.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe';

const WEBHOOK_SECRET = 'whsec_test_async_payments';
const stripe = new Stripe('sk_test_standin', { telemetry: false });
const PENDING = 0;
const PAID = 1;
const CANCELLED = 2;

let t: TestApp;
let standIn: StripeStandIn;
let raas: Client;
let raasId: number;
let raasOwnerId: number;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await testApp();
  t.config.credits = {
    ...t.config.credits,
    stripe: { secretKey: 'sk_test_standin', webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url },
  };
  raas = client(t, await t.login('owner@raas.example.com'));
  const r = await t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
  [raasId, raasOwnerId] = [r.company_id, r.id];
});
afterAll(async () => {
  await standIn?.close();
  await t?.knex.destroy();
});

const balance = async () => (await raas.get('/credit/balance')).body.balance as number;
const statusOf = async (session: string) =>
  (await t.knex('sales_orders').where('checkout_session_id', session).first('status')).status;

async function checkout(noOfCredits: number): Promise<string> {
  const res = await raas.post('/credit/instant-purchase/stripe', {
    companyId: `Company:${raasId}`,
    userId: `User:${raasOwnerId}`,
    noOfCredits,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.url as string).split('/').pop() as string;
}

/** A signed notice about the session, with the amount and currency Stripe holds for it. */
function deliver(type: string, session: string, paymentStatus: 'paid' | 'unpaid') {
  const { amount_total, currency } = standIn.sessions.get(session) as { amount_total: number; currency: string };
  const payload = JSON.stringify({
    id: `evt_${type}_${session}`,
    object: 'event',
    type,
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        payment_status: paymentStatus,
        status: 'complete',
        amount_total,
        currency,
      },
    },
  });
  return t.http
    .post('/api/v1/credit/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
    .send(payload);
}

describe('A card payment that is confirmed later', () => {
  it('credits nothing while under way, then once when async_payment_succeeded comes, however often', async () => {
    const session = await checkout(3);
    const before = await balance();
    const pending = await deliver('checkout.session.completed', session, 'unpaid');
    expect(pending.body).toMatchObject({ received: true, credited: false });
    expect(await statusOf(session)).toBe(PENDING);
    expect(await balance()).toBe(before);

    const results = await Promise.all(
      Array.from({ length: 3 }, () => deliver('checkout.session.async_payment_succeeded', session, 'paid')),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.credited === true)).toHaveLength(1);
    expect((await deliver('checkout.session.async_payment_succeeded', session, 'paid')).body.credited).toBe(false);
    expect(await balance()).toBe(before + 3);
    expect(await statusOf(session)).toBe(PAID);
    const log = await t
      .knex('credit_logs')
      .where({ company_id: raasId })
      .whereILike(
        'note',
        '%' + (await t.knex('sales_orders').where('checkout_session_id', session).first()).order_number + '%',
      );
    expect(log).toHaveLength(1);
  });

  it('async_payment_failed cancels the order and credits nothing', async () => {
    const session = await checkout(2);
    const before = await balance();
    await deliver('checkout.session.completed', session, 'unpaid');
    const failed = await deliver('checkout.session.async_payment_failed', session, 'unpaid');
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ received: true, credited: false });
    expect(await statusOf(session)).toBe(CANCELLED);
    expect(await balance()).toBe(before);
  });

  it('a failure notice leaves a paid order paid', async () => {
    const session = await checkout(1);
    const before = await balance();
    expect((await deliver('checkout.session.completed', session, 'paid')).body.credited).toBe(true);
    await deliver('checkout.session.async_payment_failed', session, 'unpaid');
    expect(await statusOf(session)).toBe(PAID);
    expect(await balance()).toBe(before + 1);
  });
});
