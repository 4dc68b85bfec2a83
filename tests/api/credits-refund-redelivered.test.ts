/**
 * Stripe neither orders nor dedupes its notices, so a charge.refunded is only a signal: the refunded
 * amount is read back from Stripe (the stand-in, through HTTP with Stripe's signing), never taken from
 * the notice. An old charge.refunded delivered again after its refund failed takes nothing again; a
 * refund's failure notice that comes before its charge.refunded ends with no credits taken; and when
 * Stripe cannot be reached the notice is answered 502 (Stripe retries) and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBuyer, paidCardOrder, type PaidCardOrder, refundFailedNotice } from '../helpers/stripe';

let w: Awaited<ReturnType<typeof cardBuyer>>;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_refund_redelivered');
  await w.t.knex('companies').where('id', w.companyId).update({ trial_ends_at: null });
});
afterAll(() => w?.close());

const paidOrder = (credits: number) => paidCardOrder(w, credits);
type Paid = PaidCardOrder;

const refundFailed = (p: Paid, id: string, amount: number) => refundFailedNotice(w, p, id, amount);
const orderOf = (p: Paid) =>
  w.t
    .knex('sales_orders')
    .where('id', p.order.id)
    .first('amount_refunded', 'credits_reclaimed', 'credits_unrecovered', 'failed_refunds');

describe('charge.refunded read back from Stripe', () => {
  it('an old charge.refunded delivered again after its refund failed takes nothing again', async () => {
    const p = await paidOrder(10);
    const before = await w.balance();
    const half = p.amount / 2;
    // Support refunds half: Stripe sends charge.refunded with the charge as it then stood.
    const old = w.standIn.refund(p.paymentIntent, half);
    expect((await w.event('charge.refunded', old)).body).toMatchObject({ received: true, reclaimed: 5 });
    expect(await w.balance()).toBe(before - 5);

    // The refund fails: Stripe lowers the charge's refunded amount and tells us.
    w.standIn.failRefund(p.paymentIntent, half);
    expect((await refundFailed(p, 're_redelivered', half)).body).toMatchObject({ restored: 5, known: true });
    expect(await w.balance()).toBe(before);

    // The old charge.refunded (still stating half refunded) is delivered again, twice.
    for (const _ of [1, 2]) {
      const again = await w.event('charge.refunded', old);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ received: true, reclaimed: 0, known: true });
    }
    expect(await w.balance()).toBe(before);
    expect(await orderOf(p)).toMatchObject({
      amount_refunded: 0,
      credits_reclaimed: 0,
      credits_unrecovered: 0,
      failed_refunds: ['re_redelivered'],
    });
  });

  it('a refund whose failure notice comes before its charge.refunded ends with no credits taken', async () => {
    const p = await paidOrder(10);
    const before = await w.balance();
    const half = p.amount / 2;
    const refunded = w.standIn.refund(p.paymentIntent, half);
    w.standIn.failRefund(p.paymentIntent, half);
    // Delivered out of order: the failure first, then the refund it undoes.
    expect((await refundFailed(p, 're_early', half)).body).toMatchObject({ restored: 0, known: true });
    const late = await w.event('charge.refunded', refunded);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ received: true, reclaimed: 0 });
    expect(await w.balance()).toBe(before);
    expect(await orderOf(p)).toMatchObject({
      amount_refunded: 0,
      credits_reclaimed: 0,
      credits_unrecovered: 0,
      failed_refunds: ['re_early'],
    });
  });

  it('answers 502 and changes nothing when Stripe cannot be reached, and its retry then applies it', async () => {
    const p = await paidOrder(4);
    const before = await w.balance();
    const charge = w.standIn.refund(p.paymentIntent, p.amount);
    const credits = w.t.config.credits;
    // Stripe is unreachable: nothing listens on the discard port.
    w.t.config.credits = { ...credits, stripe: { ...credits.stripe!, apiUrl: 'http://127.0.0.1:9' } };
    try {
      const res = await w.event('charge.refunded', charge);
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('credits.errors.paymentUnavailable');
    } finally {
      w.t.config.credits = credits;
    }
    expect(await w.balance()).toBe(before);
    expect(await orderOf(p)).toMatchObject({ amount_refunded: 0, credits_reclaimed: 0 });

    expect((await w.event('charge.refunded', charge)).body).toMatchObject({ received: true, reclaimed: 4 });
    expect(await w.balance()).toBe(before - 4);
  });
});
