/**
 * A refund Stripe later reports failed or cancelled (`charge.refund.updated`, through HTTP with
 * Stripe's signing and the stand-in): the money stayed with us, so the order records the refund as
 * failed and whatever the refund took back is given back, exactly once however often or
 * concurrently the notice comes; what the company had already spent (never taken) is forgiven
 * rather than granted; a refund still pending or succeeded changes nothing; admins are told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendCredits } from '../../backend/features/credits';
import { client, type Client } from '../helpers/actors';
import { cardBuyer, paidCardOrder, type PaidCardOrder } from '../helpers/stripe';

let w: Awaited<ReturnType<typeof cardBuyer>>;
let admin: Client;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_refund_failed');
  admin = client(w.t, await w.t.login('admin@example.com'));
  // Past the free trial, so a spend really spends.
  await w.t.knex('companies').where('id', w.companyId).update({ trial_ends_at: null });
});
afterAll(() => w?.close());

const paidOrder = (credits: number) => paidCardOrder(w, credits);
type Paid = PaidCardOrder;

/** Stripe's charge.refunded: the charge with `refunded` (cumulative, minor units) refunded so far, at Stripe too. */
function refunded(p: Paid, amount: number) {
  const held = w.standIn.charges.get(`ch_${p.paymentIntent.slice(3)}`);
  if (held) Object.assign(held, { amount_refunded: amount, refunded: amount === p.amount });
  return w.event('charge.refunded', {
    id: `ch_${p.paymentIntent.slice(3)}`,
    object: 'charge',
    payment_intent: p.paymentIntent,
    amount: p.amount,
    amount_refunded: amount,
    currency: p.currency,
    refunded: amount === p.amount,
  });
}
/** Stripe's charge.refund.updated: refund `id` of `amount` now in `status`. */
const refundUpdated = (p: Paid, id: string, amount: number, status: string) =>
  w.event('charge.refund.updated', {
    id,
    object: 'refund',
    amount,
    charge: `ch_${p.paymentIntent.slice(3)}`,
    payment_intent: p.paymentIntent,
    currency: p.currency,
    status,
    ...(status === 'failed' ? { failure_reason: 'expired_or_canceled_card' } : {}),
  });
const orderOf = (p: Paid) => w.t.knex('sales_orders').where('id', p.order.id).first();
async function adminNotice(p: Paid) {
  const threads = (await admin.get('/notifications')).body.data as { kind: string; title: string; link: string }[];
  return threads.find((n) => n.kind === 'paymentReversed' && n.link.includes(p.order.order_number));
}

describe('A refund that fails after it took the credits back', () => {
  it('gives the credits back once, however often the notice comes, and records the refund failed', async () => {
    const p = await paidOrder(10);
    const before = await w.balance();
    const half = p.amount / 2;
    expect((await refunded(p, half)).body).toMatchObject({ received: true, reclaimed: 5 });
    expect(await w.balance()).toBe(before - 5);

    // Still pending, or succeeded: nothing moves.
    expect((await refundUpdated(p, 're_half', half, 'pending')).status).toBe(200);
    expect((await refundUpdated(p, 're_half', half, 'succeeded')).status).toBe(200);
    expect(await w.balance()).toBe(before - 5);

    // The refund failed: Stripe lowers the charge's refunded amount, then tells us three times at once, then again later.
    w.standIn.failRefund(p.paymentIntent, half);
    const failed = await Promise.all([1, 2, 3].map(() => refundUpdated(p, 're_half', half, 'failed')));
    expect(failed.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(failed.map((r) => r.body.restored).sort()).toEqual([0, 0, 5]);
    expect((await refundUpdated(p, 're_half', half, 'failed')).body).toMatchObject({ restored: 0, known: true });
    expect(await w.balance()).toBe(before);
    expect(await orderOf(p)).toMatchObject({
      amount_refunded: 0,
      credits_reclaimed: 0,
      credits_unrecovered: 0,
      failed_refunds: ['re_half'],
    });
    expect((await adminNotice(p))?.title).toMatch(/did not go through \(failed\).*5 credits were given back/);

    // A later refund that goes through takes back its share again.
    expect((await refunded(p, half)).body).toMatchObject({ reclaimed: 5 });
    expect(await w.balance()).toBe(before - 5);
  });

  it('a cancelled refund forgives what was already spent and gives back only what was taken', async () => {
    const p = await paidOrder(10);
    const spend = (await w.balance()) - 4;
    await w.t.knex.transaction((trx) =>
      spendCredits(trx, {
        companyId: w.companyId,
        amount: spend,
        action: 'projectCreation',
        actor: 'system',
        idempotencyKey: `refund-failed-spend-${p.order.id}`,
      }),
    );
    expect((await refunded(p, p.amount)).body).toMatchObject({ reclaimed: 4, short: 6 });
    expect(await w.balance()).toBe(0);

    w.standIn.failRefund(p.paymentIntent, p.amount);
    const res = await refundUpdated(p, 're_full', p.amount, 'canceled');
    expect(res.body).toMatchObject({ received: true, restored: 4, known: true });
    expect(await w.balance()).toBe(4);
    expect(await orderOf(p)).toMatchObject({ amount_refunded: 0, credits_reclaimed: 0, credits_unrecovered: 0 });
    expect((await refundUpdated(p, 're_full', p.amount, 'canceled')).body).toMatchObject({ restored: 0 });
    expect(await w.balance()).toBe(4);
  });

  it('a failed refund of an unknown payment changes nothing', async () => {
    const res = await w.event('charge.refund.updated', {
      id: 're_unknown',
      object: 'refund',
      amount: 100,
      payment_intent: 'pi_unknown',
      currency: 'sgd',
      status: 'failed',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, known: false });
  });
});
