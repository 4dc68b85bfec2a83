/**
 * Card payments Stripe confirms later (a bank debit), as the buyer lives them:
 * - GET credit/order/:number answers the order's state (pending, awaiting the bank, paid, cancelled)
 *   to its own company, and not found to another company;
 * - a checkout completed with its payment under way is awaiting, and the hourly expire_checkouts job
 *   leaves it alone past the checkout's lifetime;
 * - async_payment_succeeded credits it and emails the buyer; async_payment_failed cancels it and
 *   emails the buyer; a repeated notice emails nobody again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_LIFETIME_HOURS } from '../../backend/features/credits';
import { listOutbox } from '../../backend/services/mail/outbox';
import { client, type Client } from '../helpers/actors';
import { runJobs } from '../helpers/jobs';
import { cardBuyer } from '../helpers/stripe';

const BUYER = 'owner@raas.example.com';
const [PENDING, PAID, CANCELLED] = [0, 1, 2];
let w: Awaited<ReturnType<typeof cardBuyer>>;
let raas: Client;
let acme: Client;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_delayed_payments');
  raas = client(w.t, await w.t.login(BUYER));
  acme = client(w.t, await w.t.login('owner@acme.example.com'));
});
afterAll(() => w?.close());

/** A notice about the session with the amount and currency Stripe holds for it. */
function asStripeHolds(type: string, session: string, payment_status: 'paid' | 'unpaid') {
  const { amount_total, currency } = w.standIn.sessions.get(session) as { amount_total: number; currency: string };
  return w.notice(type, session, { payment_status, amount_total, currency });
}
const mailsAbout = async (orderNumber: string) =>
  (await listOutbox(w.t.knex, BUYER, 200)).filter((m) => m.subject.includes(orderNumber));
const stateOf = async (orderNumber: string) => (await raas.get(`/credit/order/${orderNumber}`)).body.state as string;

async function expireJob() {
  await w.t.knex.raw(`select graphile_worker.add_job('expire_checkouts', '{}'::json)`);
  await runJobs(w.t);
}

describe('A card payment the bank confirms later', () => {
  it('is awaiting, survives the expiry job, is credited on success and the buyer is emailed once', async () => {
    const { res, session } = await w.checkout(3);
    const orderNumber = res.body.orderNumber as string;
    const before = await w.balance();
    const own = await raas.get(`/credit/order/${orderNumber}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ orderNumber, state: 'pending', quantity: 3 });
    expect((await acme.get(`/credit/order/${orderNumber}`)).status).toBe(404);
    expect((await raas.get('/credit/order/SO-00000000-000000')).status).toBe(404);

    const completed = await asStripeHolds('checkout.session.completed', session, 'unpaid');
    expect(completed.body).toMatchObject({ received: true, credited: false });
    expect(await stateOf(orderNumber)).toBe('awaiting');

    // Past the checkout's lifetime the payment is still under way: the order is not cancelled.
    const longAgo = w.t.knex.raw(`now() - make_interval(hours => ?)`, [CHECKOUT_LIFETIME_HOURS + 1]);
    await w.t.knex('sales_orders').where('order_number', orderNumber).update({ created_at: longAgo });
    await expireJob();
    expect(await w.statusOf(session)).toBe(PENDING);
    expect(await stateOf(orderNumber)).toBe('awaiting');

    w.standIn.pay(session);
    const succeeded = await asStripeHolds('checkout.session.async_payment_succeeded', session, 'paid');
    expect(succeeded.body).toMatchObject({ credited: true });
    expect((await asStripeHolds('checkout.session.async_payment_succeeded', session, 'paid')).body.credited).toBe(
      false,
    );
    expect(await w.statusOf(session)).toBe(PAID);
    expect(await stateOf(orderNumber)).toBe('paid');
    expect(await w.balance()).toBe(before + 3);
    const mails = await mailsAbout(orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Payment confirmed');
    expect(mails[0].text).toContain('/credits/company?order=');
  });

  it('a failed payment cancels the order, shows it failed and the buyer is emailed once', async () => {
    const { res, session } = await w.checkout(2);
    const orderNumber = res.body.orderNumber as string;
    const before = await w.balance();
    await asStripeHolds('checkout.session.completed', session, 'unpaid');
    const failed = await asStripeHolds('checkout.session.async_payment_failed', session, 'unpaid');
    expect(failed.body).toMatchObject({ received: true, credited: false, failed: true });
    expect((await asStripeHolds('checkout.session.async_payment_failed', session, 'unpaid')).body.failed).toBe(false);
    expect(await w.statusOf(session)).toBe(CANCELLED);
    expect(await stateOf(orderNumber)).toBe('cancelled');
    expect(await w.balance()).toBe(before);
    const mails = await mailsAbout(orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Payment failed');
  });

  it('a checkout nobody completed is still cancelled by the expiry job', async () => {
    const { res, session } = await w.checkout(1);
    const longAgo = w.t.knex.raw(`now() - make_interval(hours => ?)`, [CHECKOUT_LIFETIME_HOURS + 1]);
    await w.t.knex('sales_orders').where('order_number', res.body.orderNumber).update({ created_at: longAgo });
    await expireJob();
    expect(await w.statusOf(session)).toBe(CANCELLED);
    expect(await mailsAbout(res.body.orderNumber)).toHaveLength(0);
  });
});
