/**
 * Card payments taken back after the credits were granted (Stripe's signed notices through HTTP):
 * - a paid checkout keeps its payment intent, read back from Stripe when the notice lacks it;
 * - charge.refunded takes back the order's credits in proportion to the cumulative refunded share,
 *   out of the order's own lot first, once however often or concurrently it is delivered;
 * - credits already spent are never taken below zero: the shortfall is recorded and told to admins;
 * - a dispute tells admins and moves nothing; a lost one takes the credits back once;
 * - an unknown payment intent and a forged notice change nothing; the local test mode signs these notices too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendCredits } from '../../backend/features/credits';
import { paymentsFor } from '../../backend/adapters/payments';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { client, type Client } from '../helpers/actors';
import { testApp, type TestApp } from '../helpers/app';
import { cardBuyer } from '../helpers/stripe';

const RECLAIMED = CREDIT_ACTIONS.reclaimed;
let w: Awaited<ReturnType<typeof cardBuyer>>;
let raas: Client;
let admin: Client;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_refunds');
  raas = client(w.t, await w.t.login('owner@raas.example.com'));
  admin = client(w.t, await w.t.login('admin@example.com'));
  // Past the free trial, so a spend really spends.
  await w.t.knex('companies').where('id', w.companyId).update({ trial_ends_at: null });
});
afterAll(() => w?.close());

/** Buys `credits` by card and pays: the checkout is completed at the stand-in, then Stripe's notice is delivered. */
async function paidOrder(credits: number, { statesIntent = false } = {}) {
  const { res, session } = await w.checkout(credits);
  const held = w.standIn.pay(session) as { amount_total: number; currency: string; payment_intent: string };
  const fields = { payment_status: 'paid', amount_total: held.amount_total, currency: held.currency };
  const notice = await w.notice(
    'checkout.session.completed',
    session,
    statesIntent ? { ...fields, payment_intent: held.payment_intent } : fields,
  );
  expect(notice.body).toMatchObject({ received: true, credited: true });
  const order = await w.t.knex('sales_orders').where('order_number', res.body.orderNumber).first();
  return { order, paymentIntent: held.payment_intent, amount: held.amount_total, currency: held.currency };
}

type Paid = Awaited<ReturnType<typeof paidOrder>>;
const charge = (p: Paid, refunded: number) => ({
  id: `ch_${p.paymentIntent.slice(3)}`,
  object: 'charge',
  payment_intent: p.paymentIntent,
  amount: p.amount,
  amount_refunded: refunded,
  currency: p.currency,
  refunded: refunded === p.amount,
});
/** Stripe's charge.refunded, once Stripe holds `refunded` refunded of the charge (the notice is read back there). */
function refund(p: Paid, refunded: number) {
  const held = w.standIn.charges.get(`ch_${p.paymentIntent.slice(3)}`);
  if (held) Object.assign(held, { amount_refunded: refunded, refunded: refunded === p.amount });
  return w.event('charge.refunded', charge(p, refunded));
}
const dispute = (p: Paid, type: string, status: string) =>
  w.event(type, {
    id: `dp_${p.paymentIntent.slice(3)}`,
    object: 'dispute',
    charge: `ch_${p.paymentIntent.slice(3)}`,
    payment_intent: p.paymentIntent,
    amount: p.amount,
    currency: p.currency,
    reason: 'fraudulent',
    status,
  });

const reclaims = async () =>
  (await raas.get(`/credit/logs?action=${RECLAIMED}`)).body.data as Record<string, unknown>[];
const lotOf = async (p: Paid) => Number((await w.t.knex('credit_lots').where('id', p.order.lot_id).first()).remaining);
const orderOf = (p: Paid) => w.t.knex('sales_orders').where('id', p.order.id).first();
/** The admin's notice about the order's payment (one thread per order). */
async function adminNotice(p: Paid) {
  const threads = (await admin.get('/notifications')).body.data as { kind: string; title: string; link: string }[];
  return threads.find((n) => n.kind === 'paymentReversed' && n.link.includes(p.order.order_number));
}

describe('A paid card order keeps its payment intent', () => {
  it('read back from Stripe when the completed notice does not state it, else as stated', async () => {
    const read = await paidOrder(2);
    expect(read.order.payment_intent_id).toBe(read.paymentIntent);
    expect(w.standIn.requests.some((r) => r.method === 'GET' && r.path.includes(read.order.checkout_session_id))).toBe(
      true,
    );
    const stated = await paidOrder(1, { statesIntent: true });
    expect(stated.order.payment_intent_id).toBe(stated.paymentIntent);
  });
});

describe('charge.refunded', () => {
  it('half refunded takes back 5 of 10 from the order’s own lot, logged; a replay changes nothing; the rest takes the other 5 once', async () => {
    const p = await paidOrder(10);
    const before = await w.balance();
    const logsBefore = (await reclaims()).length;

    const half = await refund(p, p.amount / 2);
    expect(half.status).toBe(200);
    expect(half.body).toMatchObject({ received: true, reclaimed: 5 });
    expect(await w.balance()).toBe(before - 5);
    expect(await lotOf(p)).toBe(5);
    const [entry] = await reclaims();
    expect(entry).toMatchObject({ actionLabel: 'Taken back for a refund or chargeback', credits: -5 });
    expect(entry.balanceAfter).toBe(before - 5);
    expect(entry.note).toMatch(new RegExp(`^Refund of .+ on order ${p.order.order_number} \\(ch_`));
    expect(await orderOf(p)).toMatchObject({ credits_reclaimed: 5, credits_unrecovered: 0 });
    expect((await adminNotice(p))?.title).toMatch(/5 of its 10 credits taken back, 0 already spent/);

    const replay = await refund(p, p.amount / 2);
    expect(replay.body).toMatchObject({ received: true, reclaimed: 0 });
    expect(await w.balance()).toBe(before - 5);
    expect(await reclaims()).toHaveLength(logsBefore + 1);

    // The full refund, delivered three times at once: the order row's lock lets one take the rest.
    const full = await Promise.all([1, 2, 3].map(() => refund(p, p.amount)));
    expect(full.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(full.map((r) => r.body.reclaimed).sort()).toEqual([0, 0, 5]);
    expect(await w.balance()).toBe(before - 10);
    expect(await lotOf(p)).toBe(0);
    expect(await reclaims()).toHaveLength(logsBefore + 2);
    expect(await orderOf(p)).toMatchObject({ credits_reclaimed: 10, amount_refunded: Number(p.order.total) });
    expect((await adminNotice(p))?.title).toMatch(/10 of its 10 credits taken back, 0 already spent/);
  });

  it('after the credits were spent leaves 0, never less, and the admins’ notice says how many were spent', async () => {
    const p = await paidOrder(10);
    const spend = (await w.balance()) - 3;
    await w.t.knex.transaction((trx) =>
      spendCredits(trx, {
        companyId: w.companyId,
        amount: spend,
        action: 'projectCreation',
        actor: 'system',
        idempotencyKey: `refund-test-spend-${p.order.id}`,
      }),
    );
    expect(await w.balance()).toBe(3);

    const res = await refund(p, p.amount);
    expect(res.body).toMatchObject({ received: true, reclaimed: 3, short: 7 });
    expect(await w.balance()).toBe(0);
    expect(await w.t.knex('credit_lots').where('company_id', w.companyId).where('remaining', '<', 0)).toEqual([]);
    const [entry] = await reclaims();
    expect(entry).toMatchObject({ credits: -3, balanceAfter: 0 });
    expect(await orderOf(p)).toMatchObject({ credits_reclaimed: 10, credits_unrecovered: 7 });
    const notice = await adminNotice(p);
    const { company_name } = await w.t.knex('companies').where('id', w.companyId).first('company_name');
    expect(notice?.title).toMatch(new RegExp(`^${company_name}: .+ of order ${p.order.order_number} refunded`));
    expect(notice?.title).toMatch(/refunded; 3 of its 10 credits taken back, 7 already spent \(not recovered\)/);
    // A replay once new credits arrive takes none of them.
    await paidOrder(2);
    expect((await refund(p, p.amount)).body).toMatchObject({ reclaimed: 0 });
    expect(await w.balance()).toBe(2);
  });
});

describe('Disputes', () => {
  it('an opened dispute tells admins and moves nothing; a lost one takes the credits back once', async () => {
    const p = await paidOrder(4);
    const before = await w.balance();
    const opened = await dispute(p, 'charge.dispute.created', 'needs_response');
    expect(opened.status).toBe(200);
    expect(await w.balance()).toBe(before);
    expect((await adminNotice(p))?.title).toMatch(/disputed the card payment of order .+reason: fraudulent/);

    const lost = await dispute(p, 'charge.dispute.closed', 'lost');
    expect(lost.body).toMatchObject({ received: true, reclaimed: 4 });
    expect(await w.balance()).toBe(before - 4);
    expect((await dispute(p, 'charge.dispute.closed', 'lost')).body).toMatchObject({ reclaimed: 0 });
    expect(await w.balance()).toBe(before - 4);
    expect((await reclaims())[0].note).toMatch(/^Chargeback \(dispute lost\)/);
    expect((await adminNotice(p))?.title).toMatch(/dispute lost.+4 of its 4 credits taken back, 0 already spent/);
  });

  it('a won dispute tells admins and moves nothing', async () => {
    const p = await paidOrder(2);
    const before = await w.balance();
    await dispute(p, 'charge.dispute.created', 'needs_response');
    expect((await dispute(p, 'charge.dispute.closed', 'won')).status).toBe(200);
    expect(await w.balance()).toBe(before);
    expect((await adminNotice(p))?.title).toMatch(/was won: the payment of .+ stands/);
  });
});

describe('Notices that change nothing', () => {
  it('a refund of an unknown payment intent is acknowledged, changes nothing, and is told apart', async () => {
    const p = await paidOrder(1);
    const before = await w.balance();
    const logs = (await reclaims()).length;
    const res = await refund({ ...p, paymentIntent: 'pi_someone_elses' }, p.amount);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, credited: false, reclaimed: 0, known: false });
    expect(await w.balance()).toBe(before);
    expect(await reclaims()).toHaveLength(logs);
  });

  it('a refund with a bad signature is refused as today, and the signed one then takes back', async () => {
    const p = await paidOrder(2);
    const before = await w.balance();
    const forged = await w.event('charge.refunded', charge(p, p.amount), 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('credits.errors.signature');
    expect(await w.balance()).toBe(before);
    expect((await refund(p, p.amount)).body).toMatchObject({ reclaimed: 2 });
    expect(await w.balance()).toBe(before - 2);
  });
});

describe('The local test mode', () => {
  let local: TestApp;
  afterAll(async () => {
    await local?.knex.destroy();
  });

  it('signs a refund as Stripe would, and it takes the test checkout’s credits back', async () => {
    local = await testApp();
    const buyer = client(local, await local.login('owner@raas.example.com'));
    const owner = await local.knex('company_users').where('email', 'owner@raas.example.com').first();
    const before = (await buyer.get('/credit/balance')).body.balance;
    const res = await buyer.post('/credit/instant-purchase/stripe', {
      companyId: `Company:${owner.company_id}`,
      userId: `User:${owner.id}`,
      noOfCredits: 3,
    });
    const session = new URL(res.body.url, 'http://portal.test').searchParams.get('test_checkout') as string;
    expect((await buyer.post(`/credit/test-checkout/${session}/pay`)).body).toMatchObject({ credited: true });
    const order = await local.knex('sales_orders').where('checkout_session_id', session).first();
    expect(order.payment_intent_id).toMatch(/^pi_test_local_/);
    const amount = Math.round(Number(order.total) * 100);
    const signed = paymentsFor(local.config).signTestEvent!('charge.refunded', {
      id: 'ch_test_local',
      object: 'charge',
      payment_intent: order.payment_intent_id,
      amount,
      amount_refunded: amount,
      currency: 'sgd',
    });
    const refunded = await local.http
      .post('/api/v1/credit/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signed.signature)
      .send(signed.payload);
    expect(refunded.body).toMatchObject({ received: true, reclaimed: 3 });
    expect((await buyer.get('/credit/balance')).body.balance).toBe(before);
  });
});
