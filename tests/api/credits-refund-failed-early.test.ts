/**
 * Two refunds of one card order (30%, then 20% more) where the second one fails: its failure notice
 * moves the order to the charge's refunded amount as Stripe holds it now (read back through HTTP
 * from the stand-in), not to what the order recorded less the failed refund. So when the failure
 * comes before the second refund's charge.refunded, nothing of the first refund's credits is given
 * back, not even for a moment; and however the three notices are delivered and redelivered, the
 * order ends with exactly the first refund's credits taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBuyer, paidCardOrder, type PaidCardOrder, refundFailedNotice } from '../helpers/stripe';

let w: Awaited<ReturnType<typeof cardBuyer>>;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_refund_failed_early');
  await w.t.knex('companies').where('id', w.companyId).update({ trial_ends_at: null });
});
afterAll(() => w?.close());

const paidOrder = (credits: number) => paidCardOrder(w, credits);
type Paid = PaidCardOrder;

const refundFailed = (p: Paid, id: string, amount: number) => refundFailedNotice(w, p, id, amount);

/** The order's figures once exactly the first refund (30%) stands. */
const firstOnly = (p: Paid) => ({
  amount_refunded: Number(p.order.total) * 0.3,
  credits_reclaimed: 3,
  credits_unrecovered: 0,
  failed_refunds: ['re_second'],
});
const orderOf = (p: Paid) =>
  w.t
    .knex('sales_orders')
    .where('id', p.order.id)
    .first('amount_refunded', 'credits_reclaimed', 'credits_unrecovered', 'failed_refunds');

/** Every order of the three notices. */
function orders<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}

/** The three notices: the first refund's charge.refunded, the second's, and the second's failure. */
function refundsOf(p: Paid) {
  const first = Math.round(p.amount * 0.3);
  const second = Math.round(p.amount * 0.2);
  const one = w.standIn.refund(p.paymentIntent, first);
  const two = w.standIn.refund(p.paymentIntent, second);
  w.standIn.failRefund(p.paymentIntent, second);
  return {
    first: () => w.event('charge.refunded', one),
    second: () => w.event('charge.refunded', two),
    failed: () => refundFailed(p, 're_second', second),
  };
}

/** Redelivers all three notices in every order: the balance stays at `expected` throughout. */
async function redeliverAll(n: ReturnType<typeof refundsOf>, expected: number) {
  for (const sequence of orders([n.first, n.second, n.failed]))
    for (const send of sequence) {
      expect((await send()).status).toBe(200);
      expect(await w.balance()).toBe(expected);
    }
}

describe('a failed refund after an earlier one', () => {
  it('its failure before its charge.refunded gives back none of the earlier refund', async () => {
    const p = await paidOrder(10);
    const before = await w.balance();
    const n = refundsOf(p);
    expect((await n.first()).body).toMatchObject({ received: true, reclaimed: 3 });
    expect(await w.balance()).toBe(before - 3);
    // The second refund failed at Stripe; its failure is told before its charge.refunded.
    expect((await n.failed()).body).toMatchObject({ received: true, restored: 0, known: true });
    expect(await w.balance()).toBe(before - 3);
    expect((await n.second()).body).toMatchObject({ received: true, reclaimed: 0 });
    expect(await w.balance()).toBe(before - 3);
    await redeliverAll(n, before - 3);
    expect(await orderOf(p)).toMatchObject(firstOnly(p));
  });

  it('its failure after its charge.refunded gives back exactly what it took', async () => {
    const p = await paidOrder(10);
    const before = await w.balance();
    const first = Math.round(p.amount * 0.3);
    const second = Math.round(p.amount * 0.2);
    const one = w.standIn.refund(p.paymentIntent, first);
    expect((await w.event('charge.refunded', one)).body).toMatchObject({ reclaimed: 3 });
    const two = w.standIn.refund(p.paymentIntent, second);
    expect((await w.event('charge.refunded', two)).body).toMatchObject({ reclaimed: 2 });
    expect(await w.balance()).toBe(before - 5);
    w.standIn.failRefund(p.paymentIntent, second);
    expect((await refundFailed(p, 're_second', second)).body).toMatchObject({ restored: 2, known: true });
    expect(await w.balance()).toBe(before - 3);
    const n = {
      first: () => w.event('charge.refunded', one),
      second: () => w.event('charge.refunded', two),
      failed: () => refundFailed(p, 're_second', second),
    };
    await redeliverAll(n, before - 3);
    expect(await orderOf(p)).toMatchObject(firstOnly(p));
  });

  it.each(orders(['first', 'second', 'failed'] as const).map((o) => [o.join(', '), o]))(
    'delivered as %s, it never gives back the first refund and ends with it alone taken',
    async (_, sequence) => {
      const p = await paidOrder(10);
      const before = await w.balance();
      const n = refundsOf(p);
      for (const name of sequence) {
        expect((await n[name]()).status).toBe(200);
        // Never more than the first refund taken (the second's was never taken), nor any of it given back after.
        expect([before, before - 3]).toContain(await w.balance());
      }
      expect(await w.balance()).toBe(before - 3);
      await redeliverAll(n, before - 3);
      expect(await orderOf(p)).toMatchObject(firstOnly(p));
    },
  );

  it('its failure notice is answered 502 and changes nothing when Stripe cannot be reached; its retry applies it', async () => {
    const p = await paidOrder(10);
    const before = await w.balance();
    const n = refundsOf(p);
    expect((await n.first()).body).toMatchObject({ reclaimed: 3 });
    const credits = w.t.config.credits;
    // Stripe is unreachable: nothing listens on the discard port.
    w.t.config.credits = { ...credits, stripe: { ...credits.stripe!, apiUrl: 'http://127.0.0.1:9' } };
    try {
      const res = await n.failed();
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('credits.errors.paymentUnavailable');
    } finally {
      w.t.config.credits = credits;
    }
    expect(await w.balance()).toBe(before - 3);
    expect(await orderOf(p)).toMatchObject({ failed_refunds: [] });
    expect((await n.failed()).body).toMatchObject({ restored: 0, known: true });
    expect(await w.balance()).toBe(before - 3);
    expect(await orderOf(p)).toMatchObject({ failed_refunds: ['re_second'] });
  });
});
