/**
 * A card refund after an admin lowered the refunded order's lot: what the admin removed from that lot already left
 * the balance, so the refund does not take it again from the credits the company holds otherwise (as for a lot
 * the admin deleted or that expired). The company never loses more than the order's credits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { adminGrantedLot, cardBuyer } from '../helpers/stripe';

let w: Awaited<ReturnType<typeof cardBuyer>>;
let admin: Client;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_refund_after_reduction');
  admin = client(w.t, await w.t.login('admin@example.com'));
  await w.t.knex('companies').where('id', w.companyId).update({ trial_ends_at: null });
});
afterAll(() => w?.close());

const orderOf = (orderNumber: string) => w.t.knex('sales_orders').where('order_number', orderNumber).first();
const lotRemaining = async (id: number) => Number((await w.t.knex('credit_lots').where('id', id).first()).remaining);
let grants = 0;

/** 10 credits bought by card and paid (lot A), and 10 an admin grants the company separately (lot B). */
async function boughtAndGranted() {
  const { res, session } = await w.checkout(10);
  const p = w.standIn.pay(session) as { amount_total: number; currency: string; payment_intent: string };
  const paid = await w.notice('checkout.session.completed', session, {
    payment_status: 'paid',
    amount_total: p.amount_total,
    currency: p.currency,
  });
  expect(paid.body).toMatchObject({ credited: true });
  const orderNumber = res.body.orderNumber as string;
  const lotA = (await orderOf(orderNumber)).lot_id as number;
  const lotB = await adminGrantedLot(admin, w.companyId, 120 + ++grants);
  return { p, orderNumber, lotA, lotB };
}

describe('A refund of an order whose lot an admin lowered', () => {
  it('takes back only what the lot still holds: the credits granted otherwise stay', async () => {
    const { p, orderNumber, lotA, lotB } = await boughtAndGranted();
    const lowered = await admin.put(`/credit/Credit:${lotA}`, { companyId: `Company:${w.companyId}`, noOfCredits: 2 });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    const before = await w.balance();

    const res = await w.event('charge.refunded', w.standIn.refund(p.payment_intent, p.amount_total));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, known: true, reclaimed: 2 });
    expect(await lotRemaining(lotA)).toBe(0);
    expect(await lotRemaining(lotB)).toBe(10);
    expect(await w.balance()).toBe(before - 2);
    expect(await orderOf(orderNumber)).toMatchObject({ credits_reclaimed: 2, credits_unrecovered: 0 });

    // Delivered again, nothing more moves.
    const again = await w.event('charge.refunded', w.standIn.refund(p.payment_intent, 0));
    expect(again.body).toMatchObject({ known: true, reclaimed: 0 });
    expect(await lotRemaining(lotB)).toBe(10);
  });

  it('a lot the admin raised is taken back in full, the raise included only up to the order', async () => {
    const { p, lotA, lotB } = await boughtAndGranted();
    const raised = await admin.put(`/credit/Credit:${lotA}`, { companyId: `Company:${w.companyId}`, noOfCredits: 15 });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const res = await w.event('charge.refunded', w.standIn.refund(p.payment_intent, p.amount_total));
    expect(res.body).toMatchObject({ known: true, reclaimed: 10 });
    expect(await lotRemaining(lotA)).toBe(5);
    expect(await lotRemaining(lotB)).toBe(10);
  });
});
