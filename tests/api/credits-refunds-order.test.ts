/**
 * Card refunds against the order's state (Stripe's signed notices through HTTP, the Stripe stand-in holding the charge):
 * - a refund whose notice comes before the paid notice was handled (the order did not know its payment intent yet)
 *   is applied when the paid notice is: the paid notice reads the charge back from Stripe;
 * - credits of the refunded order's lot that already left the balance, written off at expiry or deleted by an
 *   admin, are not taken again from lots the company holds otherwise, and the admins' notice says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLots, spendCredits } from '../../backend/features/credits';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { client, type Client } from '../helpers/actors';
import { adminGrantedLot, cardBuyer } from '../helpers/stripe';

let w: Awaited<ReturnType<typeof cardBuyer>>;
let raas: Client;
let admin: Client;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_refund_order');
  raas = client(w.t, await w.t.login('owner@raas.example.com'));
  admin = client(w.t, await w.t.login('admin@example.com'));
  await w.t.knex('companies').where('id', w.companyId).update({ trial_ends_at: null });
});
afterAll(() => w?.close());

/** A checkout for `credits`, paid at the stand-in; its paid notice not yet delivered. */
async function paidAtStripe(credits: number) {
  const { res, session } = await w.checkout(credits);
  const held = w.standIn.pay(session) as { amount_total: number; currency: string; payment_intent: string };
  return { session, orderNumber: res.body.orderNumber as string, ...held };
}
type AtStripe = Awaited<ReturnType<typeof paidAtStripe>>;

/** Stripe's checkout.session.completed for it, the payment intent read back as when the notice does not state it. */
const completed = (p: AtStripe) =>
  w.notice('checkout.session.completed', p.session, {
    payment_status: 'paid',
    amount_total: p.amount_total,
    currency: p.currency,
  });
/** Support refunds `amount` more at Stripe, which then sends charge.refunded with the charge as it stands. */
const refundAtStripe = (p: AtStripe, amount: number) =>
  w.event('charge.refunded', w.standIn.refund(p.payment_intent, amount));

const orderOf = (p: AtStripe) => w.t.knex('sales_orders').where('order_number', p.orderNumber).first();
const reclaims = async () =>
  (await raas.get(`/credit/logs?action=${CREDIT_ACTIONS.reclaimed}`)).body.data as Record<string, unknown>[];
async function adminNotice(orderNumber: string) {
  const threads = (await admin.get('/notifications')).body.data as { kind: string; title: string; link: string }[];
  return threads.find((n) => n.kind === 'paymentReversed' && n.link.includes(orderNumber));
}

describe('A refund that comes before the paid notice', () => {
  it('is applied when the paid notice comes: the refunded credits are never kept', async () => {
    const p = await paidAtStripe(10);
    const before = await w.balance();

    // The paid notice did not land (its first delivery failed); support refunds the payment in full meanwhile.
    const early = await refundAtStripe(p, p.amount_total);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ received: true, known: false });
    expect(await w.balance()).toBe(before);

    // Stripe retries the paid notice: the order is paid, and the refund read back takes its credits at once.
    const paid = await completed(p);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ received: true, credited: true, reclaimed: 10 });
    expect(await w.balance()).toBe(before);
    const order = await orderOf(p);
    expect(order).toMatchObject({
      payment_intent_id: p.payment_intent,
      credits_reclaimed: 10,
      credits_unrecovered: 0,
      amount_refunded: Number(order.total),
    });
    const [entry] = await reclaims();
    expect(entry).toMatchObject({ credits: -10, balanceAfter: before });
    expect(entry.note).toMatch(new RegExp(`^Refund of .+ on order ${p.orderNumber} \\(ch_`));
    expect((await adminNotice(p.orderNumber))?.title).toMatch(/10 of its 10 credits taken back, 0 already spent/);

    // Delivered again, the paid notice and the refund take nothing more.
    expect((await completed(p)).body).toMatchObject({ credited: false, reclaimed: 0 });
    expect((await w.event('charge.refunded', w.standIn.refund(p.payment_intent, 0))).body).toMatchObject({
      known: true,
      reclaimed: 0,
    });
    expect(await w.balance()).toBe(before);
  });

  it('a partial one takes its share, and a later refund of the rest only the difference', async () => {
    const p = await paidAtStripe(4);
    const before = await w.balance();
    expect((await refundAtStripe(p, p.amount_total / 4)).body).toMatchObject({ known: false });
    expect((await completed(p)).body).toMatchObject({ credited: true, reclaimed: 1 });
    expect(await w.balance()).toBe(before + 3);
    expect((await refundAtStripe(p, (p.amount_total * 3) / 4)).body).toMatchObject({ known: true, reclaimed: 3 });
    expect(await w.balance()).toBe(before);
    expect(await orderOf(p)).toMatchObject({ credits_reclaimed: 4 });
  });
});

describe('A refund of credits that already left the balance', () => {
  const lotRemaining = async (id: number) => Number((await w.t.knex('credit_lots').where('id', id).first()).remaining);
  let grants = 0;
  /** The order paid by card (lot A), and 10 credits an admin grants the company separately (lot B). */
  async function boughtAndGranted() {
    const p = await paidAtStripe(10);
    expect((await completed(p)).body).toMatchObject({ credited: true });
    const lotA = (await orderOf(p)).lot_id as number;
    const lotB = await adminGrantedLot(admin, w.companyId, 90 + ++grants);
    return { p, lotA, lotB };
  }
  const lapse = async (lotId: number) => {
    await w.t
      .knex('credit_lots')
      .where('id', lotId)
      .update({ expiry_date: w.t.knex.raw('current_date - 1') });
    await expireLots(w.t.knex);
  };

  it('the order’s lot expired and written off: a full refund takes nothing from the credits granted otherwise', async () => {
    const { p, lotA, lotB } = await boughtAndGranted();
    await lapse(lotA);
    const before = await w.balance();

    const res = await refundAtStripe(p, p.amount_total);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, known: true, reclaimed: 0 });
    expect(await lotRemaining(lotB)).toBe(10);
    expect(await w.balance()).toBe(before);
    expect(await orderOf(p)).toMatchObject({ credits_reclaimed: 0, credits_unrecovered: 0 });
    expect((await reclaims())[0]).toMatchObject({ credits: 0, balanceAfter: before });
    expect((await adminNotice(p.orderNumber))?.title).toMatch(
      /0 of its 10 credits taken back, 0 already spent \(not recovered\), 10 had already expired or been deleted/,
    );
    // Delivered again, nothing moves.
    expect((await w.event('charge.refunded', w.standIn.refund(p.payment_intent, 0))).body).toMatchObject({
      reclaimed: 0,
    });
    expect(await lotRemaining(lotB)).toBe(10);
  });

  it('half refunded, then the rest of the lot expired: the full refund takes nothing more', async () => {
    const { p, lotA, lotB } = await boughtAndGranted();
    expect((await refundAtStripe(p, p.amount_total / 2)).body).toMatchObject({ reclaimed: 5 });
    expect(await lotRemaining(lotA)).toBe(5);
    await lapse(lotA);
    const before = await w.balance();

    expect((await refundAtStripe(p, p.amount_total / 2)).body).toMatchObject({ known: true, reclaimed: 0 });
    expect(await lotRemaining(lotB)).toBe(10);
    expect(await w.balance()).toBe(before);
    expect((await adminNotice(p.orderNumber))?.title).toMatch(
      /5 of its 10 credits taken back, 0 already spent \(not recovered\), 5 had already expired or been deleted/,
    );
  });

  it('the order’s lot deleted by an admin: a full refund takes nothing from the credits granted otherwise', async () => {
    const { p, lotA, lotB } = await boughtAndGranted();
    expect((await admin.delete(`/credit/Company:${w.companyId}/Credit:${lotA}`)).status).toBe(200);
    const before = await w.balance();
    expect((await refundAtStripe(p, p.amount_total)).body).toMatchObject({ known: true, reclaimed: 0 });
    expect(await lotRemaining(lotB)).toBe(10);
    expect(await w.balance()).toBe(before);
  });

  it('credits of the order that were spent are still taken from the company’s other lots', async () => {
    const { p, lotA } = await boughtAndGranted();
    // 7 of the order's credits spent from its own lot (the soonest to expire); the 3 left expire.
    await w.t
      .knex('credit_lots')
      .where('id', lotA)
      .update({ expiry_date: w.t.knex.raw('current_date') });
    await w.t.knex.transaction((trx) =>
      spendCredits(trx, {
        companyId: w.companyId,
        amount: 7,
        action: 'projectCreation',
        actor: 'system',
        idempotencyKey: `refund-order-spend-${lotA}`,
      }),
    );
    expect(await lotRemaining(lotA)).toBe(3);
    await lapse(lotA);
    const before = await w.balance();
    expect((await refundAtStripe(p, p.amount_total)).body).toMatchObject({ known: true, reclaimed: 7 });
    expect(await w.balance()).toBe(before - 7);
    expect(await orderOf(p)).toMatchObject({ credits_reclaimed: 7, credits_unrecovered: 0 });
    expect((await adminNotice(p.orderNumber))?.title).toMatch(
      /7 of its 10 credits taken back, 0 already spent \(not recovered\), 3 had already expired or been deleted/,
    );
  });
});
