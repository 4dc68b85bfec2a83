/**
 * A card payment the bank confirms later is seen in the product, not only by email: GET credit/card-payments
 * lists the company's delayed payments by order number for its credits page, 'awaiting' while the bank
 * confirms, then 'paid' or 'cancelled' (failed), as Stripe's notices (sent by the stand-in, signed) move them.
 * Another company sees none of them; an admin names the company (a field error without it); a checkout not
 * completed is not listed; a settled one drops off after 30 days, one still under way never does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../helpers/actors';
import { cardBuyer } from '../helpers/stripe';

let w: Awaited<ReturnType<typeof cardBuyer>>;
let raas: Client;
let acme: Client;
let admin: Client;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_card_payments_page');
  raas = client(w.t, await w.t.login('owner@raas.example.com'));
  acme = client(w.t, await w.t.login('owner@acme.example.com'));
  admin = client(w.t, await w.t.login('admin@example.com'));
});
afterAll(() => w?.close());

function asStripeHolds(type: string, session: string, payment_status: 'paid' | 'unpaid') {
  const { amount_total, currency } = w.standIn.sessions.get(session) as { amount_total: number; currency: string };
  return w.notice(type, session, { payment_status, amount_total, currency });
}
type Listed = { orderNumber: string; state: string; quantity: number; awaitingSince: string; settledAt: string };
const listed = async (c: Client, query = '') => {
  const res = await c.get(`/credit/card-payments${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Listed[];
};
const find = async (orderNumber: string, c: Client = raas) =>
  (await listed(c)).find((p) => p.orderNumber === orderNumber);

describe('A delayed card payment on the credits page', () => {
  it('is listed under way, then paid, by its order number, to its own company only', async () => {
    const { res, session } = await w.checkout(4);
    const orderNumber = res.body.orderNumber as string;
    // Not completed yet: the page's PaymentStatus follows it, the list does not.
    expect(await find(orderNumber)).toBeUndefined();

    await asStripeHolds('checkout.session.completed', session, 'unpaid');
    expect(await find(orderNumber)).toMatchObject({ orderNumber, state: 'awaiting', quantity: 4, settledAt: null });
    expect((await find(orderNumber))?.awaitingSince).toBeTruthy();
    expect(await find(orderNumber, acme)).toBeUndefined();

    w.standIn.pay(session);
    await asStripeHolds('checkout.session.async_payment_succeeded', session, 'paid');
    const paid = await find(orderNumber);
    expect(paid).toMatchObject({ orderNumber, state: 'paid', quantity: 4 });
    expect(paid?.settledAt).toBeTruthy();
  });

  it('is listed failed when the bank refuses it, and no credits are added', async () => {
    const { res, session } = await w.checkout(2);
    const orderNumber = res.body.orderNumber as string;
    const before = await w.balance();
    await asStripeHolds('checkout.session.completed', session, 'unpaid');
    expect((await find(orderNumber))?.state).toBe('awaiting');
    await asStripeHolds('checkout.session.async_payment_failed', session, 'unpaid');
    expect(await find(orderNumber)).toMatchObject({ orderNumber, state: 'cancelled', quantity: 2 });
    expect(await w.balance()).toBe(before);
    expect(await find(orderNumber, acme)).toBeUndefined();
  });

  it('an admin names the company, and without one gets a field error', async () => {
    const { res, session } = await w.checkout(1);
    await asStripeHolds('checkout.session.completed', session, 'unpaid');
    const none = await admin.get('/credit/card-payments');
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toHaveProperty('companyId');
    const theirs = await listed(admin, `?companyId=Company:${w.companyId}`);
    expect(theirs.map((p) => p.orderNumber)).toContain(res.body.orderNumber);
    const bad = await admin.get('/credit/card-payments?companyId=nonsense');
    expect(bad.status).toBe(400);
  });

  it('a settled payment leaves the list after 30 days; one still under way stays', async () => {
    const old = await w.checkout(3);
    const settled = await w.checkout(5);
    for (const s of [old.session, settled.session]) await asStripeHolds('checkout.session.completed', s, 'unpaid');
    await asStripeHolds('checkout.session.async_payment_failed', settled.session, 'unpaid');
    const longAgo = w.t.knex.raw(`now() - make_interval(days => 31)`);
    for (const r of [old.res, settled.res])
      await w.t
        .knex('sales_orders')
        .where('order_number', r.body.orderNumber)
        .update({ created_at: longAgo, updated_at: longAgo, awaiting_payment_since: longAgo });
    expect((await find(old.res.body.orderNumber))?.state).toBe('awaiting');
    expect(await find(settled.res.body.orderNumber)).toBeUndefined();
  });
});
