/**
 * Orders waiting for a bank transfer do not wait for ever (through HTTP, the Stripe stand-in and the
 * real expire_checkouts job):
 * - a card checkout completed with its payment under way (`awaiting_payment_since`) and an admin's
 *   order form are cancelled as expired BANK_TRANSFER_LIFETIME_DAYS after they began to wait, no
 *   credit granted, and shown cancelled in the company's and the console's order lists; younger ones
 *   are left waiting; a second run changes nothing;
 * - money that still arrives is credited: Stripe's async_payment_succeeded pays the expired card
 *   order, and an admin marks the expired order form paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_TRANSFER_LIFETIME_DAYS } from '../../schema/rules/credits';
import { client, type Client } from '../helpers/actors';
import { runJobs } from '../helpers/jobs';
import { cardBuyer } from '../helpers/stripe';

const [PENDING, PAID, CANCELLED] = [0, 1, 2];
let w: Awaited<ReturnType<typeof cardBuyer>>;
let raas: Client;
let admin: Client;
let ownerId: number;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_bank_transfer_expiry');
  raas = client(w.t, await w.t.login('owner@raas.example.com'));
  admin = client(w.t, await w.t.login('admin@example.com'));
  ownerId = (await w.t.knex('company_users').where('email', 'owner@raas.example.com').first('id')).id;
});
afterAll(() => w?.close());

const daysAgo = (days: number) => w.t.knex.raw(`now() - make_interval(days => ?)`, [days]);
const statusOf = async (orderNumber: string) =>
  (await w.t.knex('sales_orders').where('order_number', orderNumber).first('status')).status as number;
async function expireJob() {
  await w.t.knex.raw(`select graphile_worker.add_job('expire_checkouts', '{}'::json)`);
  await runJobs(w.t);
}
/** A card checkout completed with its payment under way since `days` days ago. */
async function awaitingCard(credits: number, days: number) {
  const { res, session } = await w.checkout(credits);
  const { amount_total, currency } = w.standIn.sessions.get(session) as { amount_total: number; currency: string };
  const completed = await w.notice('checkout.session.completed', session, {
    payment_status: 'unpaid',
    amount_total,
    currency,
  });
  expect(completed.body).toMatchObject({ received: true, credited: false, awaiting: true });
  const orderNumber = res.body.orderNumber as string;
  await w.t
    .knex('sales_orders')
    .where('order_number', orderNumber)
    .update({
      awaiting_payment_since: daysAgo(days),
      created_at: daysAgo(days),
    });
  return { orderNumber, session, amount_total, currency };
}
/** An admin's order form for the RaaS owner, made `days` days ago. */
async function orderForm(credits: number, days: number) {
  const made = await admin.post('/credit/sales-order', {
    companyId: `Company:${w.companyId}`,
    userId: `User:${ownerId}`,
    noOfCredits: credits,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await w.t
    .knex('sales_orders')
    .where('order_number', made.body.orderNumber)
    .update({ created_at: daysAgo(days) });
  return made.body as { orderId: string; orderNumber: string };
}
/** The order's status as a list of sales orders shows it to `who`. */
async function listedStatus(who: Client, orderNumber: string) {
  const list = await who.get(`/sales-orders?filter=${encodeURIComponent(JSON.stringify({ q: orderNumber }))}`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const row = (list.body as { orderNumber: string; status: number }[]).find((o) => o.orderNumber === orderNumber);
  return row?.status;
}

describe('An order waiting for a bank transfer', () => {
  it('is cancelled as expired after its lifetime, once, with no credit; a late payment is still credited', async () => {
    const before = await w.balance();
    const old = await awaitingCard(2, BANK_TRANSFER_LIFETIME_DAYS + 1);
    const young = await awaitingCard(1, BANK_TRANSFER_LIFETIME_DAYS - 1);

    await expireJob();
    expect(await statusOf(old.orderNumber)).toBe(CANCELLED);
    expect(await statusOf(young.orderNumber)).toBe(PENDING);
    expect((await raas.get(`/credit/order/${old.orderNumber}`)).body.state).toBe('cancelled');
    expect((await raas.get(`/credit/order/${young.orderNumber}`)).body.state).toBe('awaiting');
    const payments = (await raas.get('/credit/card-payments')).body.data as { orderNumber: string; state: string }[];
    expect(payments.find((p) => p.orderNumber === old.orderNumber)?.state).toBe('cancelled');
    expect(await listedStatus(raas, old.orderNumber)).toBe(CANCELLED);
    expect(await listedStatus(admin, old.orderNumber)).toBe(CANCELLED);
    expect(await w.balance()).toBe(before);

    // A second run finds nothing more to do.
    const updated = (await w.t.knex('sales_orders').where('order_number', old.orderNumber).first('updated_at'))
      .updated_at as Date;
    await expireJob();
    const again = await w.t.knex('sales_orders').where('order_number', old.orderNumber).first('status', 'updated_at');
    expect(again.status).toBe(CANCELLED);
    expect(again.updated_at).toEqual(updated);

    // The transfer arrives after all: Stripe confirms it, and the credits are added.
    w.standIn.pay(old.session);
    const paid = await w.notice('checkout.session.async_payment_succeeded', old.session, {
      payment_status: 'paid',
      amount_total: old.amount_total,
      currency: old.currency,
    });
    expect(paid.body).toMatchObject({ credited: true });
    expect(await statusOf(old.orderNumber)).toBe(PAID);
    expect(await w.balance()).toBe(before + 2);
  });

  it('an order form is cancelled as expired after its lifetime, and marking it paid later still credits it', async () => {
    const before = await w.balance();
    const old = await orderForm(3, BANK_TRANSFER_LIFETIME_DAYS + 1);
    const young = await orderForm(4, BANK_TRANSFER_LIFETIME_DAYS - 1);

    await expireJob();
    expect(await statusOf(old.orderNumber)).toBe(CANCELLED);
    expect(await statusOf(young.orderNumber)).toBe(PENDING);
    expect(await listedStatus(raas, old.orderNumber)).toBe(CANCELLED);
    expect(await listedStatus(admin, old.orderNumber)).toBe(CANCELLED);
    expect((await raas.get(`/credit/order/${old.orderNumber}`)).body.state).toBe('cancelled');
    expect(await w.balance()).toBe(before);

    // The money came in late: the admin records it, the company is credited once.
    const paid = await admin.post(`/credit/sales-order/${old.orderId}/paid`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await statusOf(old.orderNumber)).toBe(PAID);
    expect(await w.balance()).toBe(before + 3);
    expect((await admin.post(`/credit/sales-order/${old.orderId}/paid`)).status).toBe(409);
    expect(await w.balance()).toBe(before + 3);
  });
});
