/**
 * What Stripe says of a card payment, checked against the order before credits move:
 * - amounts in the minor unit Stripe counts for the currency (KWD thousandths, JPY whole yen, SGD cents), so a
 *   notice of the order's total credits once, and one of another amount or currency credits nothing;
 * - a payment confirmed later (a delayed method): nothing while under way, once on async_payment_succeeded;
 *   async_payment_failed cancels a pending order and leaves a paid one paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBuyer } from '../helpers/stripe';

const [PENDING, PAID, CANCELLED] = [0, 1, 2];
let w: Awaited<ReturnType<typeof cardBuyer>>;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_card_notices');
});
afterAll(() => w?.close());

/** Prices credits in `currency` at `pricePerCredit` (a new configuration, so a new payment adapter). */
function priceIn(currency: string, pricePerCredit: number) {
  const { credits } = w.t.config;
  w.t.config.credits = { ...credits, pricing: { ...credits.pricing, currency, pricePerCredit } };
}

/** A checkout for `noOfCredits`, with its order and the unit_amount and currency sent to Stripe. */
async function checkout(noOfCredits: number) {
  const { res, session } = await w.checkout(noOfCredits);
  const sent = w.standIn.requests.filter((r) => r.method === 'POST').pop()!;
  return {
    session,
    order: await w.t.knex('sales_orders').where('order_number', res.body.orderNumber).first(),
    unitAmount: sent.body.get('line_items[0][price_data][unit_amount]'),
    currency: sent.body.get('line_items[0][price_data][currency]'),
  };
}

const completed = (session: string, amount_total: number, currency: string) =>
  w.notice('checkout.session.completed', session, { payment_status: 'paid', amount_total, currency });

/** A notice about the session with the amount and currency Stripe holds for it. */
function asStripeHolds(type: string, session: string, payment_status: 'paid' | 'unpaid') {
  const { amount_total, currency } = w.standIn.sessions.get(session) as { amount_total: number; currency: string };
  return w.notice(type, session, { payment_status, amount_total, currency });
}

describe('Card charges in the minor unit Stripe counts for the currency', () => {
  it('KWD is charged in thousandths (fils), and the notice of that amount credits once', async () => {
    priceIn('KWD', 12.35);
    const c = await checkout(3);
    expect(Number(c.order.total)).toBe(37.05);
    expect(c.order.currency).toBe('KWD');
    expect(c.currency).toBe('kwd');
    expect(c.unitAmount).toBe('37050');
    const before = await w.balance();
    expect((await completed(c.session, 37050, 'kwd')).body).toMatchObject({ credited: true });
    expect((await completed(c.session, 37050, 'kwd')).body).toMatchObject({ credited: false });
    expect(await w.balance()).toBe(before + 3);
  });

  it('JPY is charged in whole yen', async () => {
    priceIn('JPY', 100);
    const c = await checkout(12);
    expect(Number(c.order.total)).toBe(960);
    expect(c.currency).toBe('jpy');
    expect(c.unitAmount).toBe('960');
    const before = await w.balance();
    expect((await completed(c.session, 960, 'jpy')).body).toMatchObject({ credited: true });
    expect(await w.balance()).toBe(before + 12);
  });
});

describe('A paid notice that does not match its order', () => {
  it('an amount below the order total credits nothing and the order stays unpaid', async () => {
    priceIn('SGD', 100);
    const c = await checkout(4);
    expect(c.unitAmount).toBe('40000');
    const before = await w.balance();
    const res = await completed(c.session, 400, 'sgd');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, credited: false });
    expect(await w.balance()).toBe(before);
    expect(await w.statusOf(c.session)).toBe(PENDING);
    // The right amount, when it comes, still credits once.
    expect((await completed(c.session, 40000, 'sgd')).body).toMatchObject({ credited: true });
    expect(await w.balance()).toBe(before + 4);
    expect(await w.statusOf(c.session)).toBe(PAID);
  });

  it('the order total in another currency credits nothing', async () => {
    priceIn('SGD', 100);
    const c = await checkout(2);
    const before = await w.balance();
    expect((await completed(c.session, 20000, 'usd')).body).toMatchObject({ credited: false });
    expect(await w.balance()).toBe(before);
    expect(await w.statusOf(c.session)).toBe(PENDING);
  });
});

describe('A card payment that is confirmed later', () => {
  it('credits nothing while under way, then once when async_payment_succeeded comes, however often', async () => {
    priceIn('SGD', 100);
    const { session } = await w.checkout(3);
    const before = await w.balance();
    const pending = await asStripeHolds('checkout.session.completed', session, 'unpaid');
    expect(pending.body).toMatchObject({ received: true, credited: false });
    expect(await w.statusOf(session)).toBe(PENDING);
    expect(await w.balance()).toBe(before);

    const succeeded = () => asStripeHolds('checkout.session.async_payment_succeeded', session, 'paid');
    const results = await Promise.all([succeeded(), succeeded(), succeeded()]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.credited === true)).toHaveLength(1);
    expect((await succeeded()).body.credited).toBe(false);
    expect(await w.balance()).toBe(before + 3);
    expect(await w.statusOf(session)).toBe(PAID);
    const order = await w.t.knex('sales_orders').where('checkout_session_id', session).first('order_number');
    const log = await w.t
      .knex('credit_logs')
      .where({ company_id: w.companyId })
      .whereILike('note', `%${order.order_number}%`);
    expect(log).toHaveLength(1);
  });

  it('async_payment_failed cancels the order and credits nothing', async () => {
    const { session } = await w.checkout(2);
    const before = await w.balance();
    await asStripeHolds('checkout.session.completed', session, 'unpaid');
    const failed = await asStripeHolds('checkout.session.async_payment_failed', session, 'unpaid');
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ received: true, credited: false });
    expect(await w.statusOf(session)).toBe(CANCELLED);
    expect(await w.balance()).toBe(before);
  });

  it('a failure notice leaves a paid order paid', async () => {
    const { session } = await w.checkout(1);
    const before = await w.balance();
    expect((await asStripeHolds('checkout.session.completed', session, 'paid')).body.credited).toBe(true);
    await asStripeHolds('checkout.session.async_payment_failed', session, 'unpaid');
    expect(await w.statusOf(session)).toBe(PAID);
    expect(await w.balance()).toBe(before + 1);
  });
});
