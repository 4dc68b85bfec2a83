/**
 * Card charges in the currency's minor unit as Stripe counts it (thousandths for KWD, whole yen for
 * JPY), through the real `stripe` SDK against the local stand-in; and a signed notice whose amount or
 * currency is not the order's credits nothing and leaves the order unpaid.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe';

const WEBHOOK_SECRET = 'whsec_test_minor_units';
const stripe = new Stripe('sk_test_standin', { telemetry: false });
const PENDING = 0;
const PAID = 1;

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

/** Prices credits in `currency` at `pricePerCredit` (a new configuration, so a new payment adapter). */
function priceIn(currency: string, pricePerCredit: number) {
  t.config.credits = { ...t.config.credits, pricing: { ...t.config.credits.pricing, currency, pricePerCredit } };
}

/** A card checkout for `noOfCredits`: its session id and the unit_amount and currency sent to Stripe. */
async function checkout(noOfCredits: number) {
  const res = await raas.post('/credit/instant-purchase/stripe', {
    companyId: `Company:${raasId}`,
    userId: `User:${raasOwnerId}`,
    noOfCredits,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sent = standIn.requests.filter((r) => r.method === 'POST').pop()!;
  const order = await t.knex('sales_orders').where('order_number', res.body.orderNumber).first();
  return {
    session: (res.body.url as string).split('/').pop() as string,
    order,
    unitAmount: sent.body.get('line_items[0][price_data][unit_amount]'),
    currency: sent.body.get('line_items[0][price_data][currency]'),
  };
}

function completed(session: string, amountTotal: number, currency: string) {
  const payload = JSON.stringify({
    id: `evt_${session}_${amountTotal}_${currency}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        amount_total: amountTotal,
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

const statusOf = async (session: string) =>
  (await t.knex('sales_orders').where('checkout_session_id', session).first('status')).status;

describe('Card charges in the minor unit Stripe counts for the currency', () => {
  it('KWD is charged in thousandths (fils), and the notice of that amount credits once', async () => {
    priceIn('KWD', 12.35);
    const c = await checkout(3);
    expect(Number(c.order.total)).toBe(37.05);
    expect(c.order.currency).toBe('KWD');
    expect(c.currency).toBe('kwd');
    expect(c.unitAmount).toBe('37050');
    const before = await balance();
    expect((await completed(c.session, 37050, 'kwd')).body).toMatchObject({ credited: true });
    expect((await completed(c.session, 37050, 'kwd')).body).toMatchObject({ credited: false });
    expect(await balance()).toBe(before + 3);
  });

  it('JPY is charged in whole yen', async () => {
    priceIn('JPY', 100);
    const c = await checkout(12);
    expect(Number(c.order.total)).toBe(960);
    expect(c.currency).toBe('jpy');
    expect(c.unitAmount).toBe('960');
    const before = await balance();
    expect((await completed(c.session, 960, 'jpy')).body).toMatchObject({ credited: true });
    expect(await balance()).toBe(before + 12);
  });
});

describe('A paid notice that does not match its order', () => {
  it('an amount below the order total credits nothing and the order stays unpaid', async () => {
    priceIn('SGD', 100);
    const c = await checkout(4);
    expect(c.unitAmount).toBe('40000');
    const before = await balance();
    const res = await completed(c.session, 400, 'sgd');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, credited: false });
    expect(await balance()).toBe(before);
    expect(await statusOf(c.session)).toBe(PENDING);
    // The right amount, when it comes, still credits once.
    expect((await completed(c.session, 40000, 'sgd')).body).toMatchObject({ credited: true });
    expect(await balance()).toBe(before + 4);
    expect(await statusOf(c.session)).toBe(PAID);
  });

  it('the order total in another currency credits nothing', async () => {
    priceIn('SGD', 100);
    const c = await checkout(2);
    const before = await balance();
    expect((await completed(c.session, 20000, 'usd')).body).toMatchObject({ credited: false });
    expect(await balance()).toBe(before);
    expect(await statusOf(c.session)).toBe(PENDING);
  });
});
