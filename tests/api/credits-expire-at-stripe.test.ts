/**
 * An order the hourly expire_checkouts job cancels has its checkout expired at Stripe too (through the real
 * `stripe` SDK and the loopback stand-in's POST /v1/checkout/sessions/:id/expire), so nobody can still pay it:
 * - a checkout left open past its lifetime is expired at Stripe, then its order cancelled;
 * - one Stripe refuses to expire because it was paid (its notice not yet come) is credited once, not cancelled,
 *   and the paid notice that still comes credits nothing again; likewise a bank debit Stripe confirmed for an order
 *   waiting past BANK_TRANSFER_LIFETIME_DAYS, whose buyer is told of the payment, not of an expiry;
 * - with Stripe unreachable the order is left pending and the job fails, so graphile-worker runs it again; run
 *   again with Stripe back, it expires the checkout and cancels the order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as tr } from '../../i18n';
import { CHECKOUT_LIFETIME_HOURS } from '../../backend/features/credits';
import { listOutbox } from '../../backend/services/mail/outbox';
import { BANK_TRANSFER_LIFETIME_DAYS } from '../../schema/rules/credits';
import { runJobs } from '../helpers/jobs';
import { cardBuyer } from '../helpers/stripe';

const [PENDING, PAID, CANCELLED] = [0, 1, 2];
const BUYER = 'owner@raas.example.com';
let w: Awaited<ReturnType<typeof cardBuyer>>;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_expire_at_stripe');
});
afterAll(() => w?.close());

const expireJob = async () => {
  await w.t.knex.raw(`select graphile_worker.add_job('expire_checkouts', '{}'::json)`);
  await runJobs(w.t);
};
/** A card checkout of `credits` made past its lifetime; answers its session and order number. */
async function staleCheckout(credits: number) {
  const { res, session } = await w.checkout(credits);
  await w.t
    .knex('sales_orders')
    .where('checkout_session_id', session)
    .update({ created_at: w.t.knex.raw(`now() - make_interval(hours => ?)`, [CHECKOUT_LIFETIME_HOURS + 1]) });
  return { session, orderNumber: res.body.orderNumber as string };
}
const expiries = (session: string) =>
  w.standIn.requests.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${session}/expire`);
const mails = async (subjectKey: string, orderNumber: string) =>
  (await listOutbox(w.t.knex, BUYER, 500)).filter((m) => m.subject === tr(subjectKey, { orderNumber }));

describe('An order expired by the hourly job', () => {
  it('has its open checkout expired at Stripe before the order is cancelled', async () => {
    const { session } = await staleCheckout(2);
    await expireJob();
    expect(expiries(session)).toHaveLength(1);
    expect(w.standIn.sessions.get(session)?.status).toBe('expired');
    expect(await w.statusOf(session)).toBe(CANCELLED);
    await expireJob();
    expect(expiries(session), 'a cancelled order is not asked again').toHaveLength(1);
  });

  it('paid at Stripe meanwhile (Stripe refuses to expire it), is credited once and not cancelled', async () => {
    const { session } = await staleCheckout(3);
    const held = w.standIn.pay(session) as { amount_total: number; currency: string };
    const before = await w.balance();
    await expireJob();
    expect(expiries(session)).toHaveLength(1);
    expect(w.standIn.sessions.get(session)?.status, 'Stripe refused: complete').toBe('complete');
    expect(await w.statusOf(session)).toBe(PAID);
    expect(await w.balance()).toBe(before + 3);
    const late = await w.notice('checkout.session.completed', session, { payment_status: 'paid', ...held });
    expect(late.body).toMatchObject({ received: true, credited: false });
    await expireJob();
    expect(await w.balance()).toBe(before + 3);
  });

  it('waiting for a bank debit Stripe has since confirmed, is credited once, and its buyer told so, not of an expiry', async () => {
    const { res, session } = await w.checkout(4);
    const orderNumber = res.body.orderNumber as string;
    const held = w.standIn.completeUnpaid(session) as { amount_total: number; currency: string };
    const completed = await w.notice('checkout.session.completed', session, { payment_status: 'unpaid', ...held });
    expect(completed.body).toMatchObject({ awaiting: true });
    const since = w.t.knex.raw(`now() - make_interval(days => ?)`, [BANK_TRANSFER_LIFETIME_DAYS + 1]);
    await w.t.knex('sales_orders').where('order_number', orderNumber).update({ awaiting_payment_since: since });
    w.standIn.pay(session);
    const before = await w.balance();
    await expireJob();
    expect(await w.statusOf(session)).toBe(PAID);
    expect(await w.balance()).toBe(before + 4);
    expect(await mails('credits.emails.expired.subject', orderNumber)).toHaveLength(0);
    expect(await mails('credits.emails.confirmed.subject', orderNumber)).toHaveLength(1);
  });

  it('with Stripe unreachable, stays pending and the job is retried; once Stripe answers, it is cancelled', async () => {
    const { session } = await staleCheckout(1);
    w.standIn.unreachable = true;
    try {
      await expireJob();
    } finally {
      w.standIn.unreachable = false;
    }
    expect(await w.statusOf(session)).toBe(PENDING);
    const [job] = await w.t.knex('graphile_worker.jobs').where('task_identifier', 'expire_checkouts');
    expect(job, 'the failed job waits for its retry').toMatchObject({ attempts: 1 });
    expect(job.last_error).toContain('could not settle');
    expect(w.standIn.sessions.get(session)?.status).toBe('open');

    await w.t.knex.raw(`update graphile_worker._private_jobs set run_at = now()`);
    await runJobs(w.t);
    expect(w.standIn.sessions.get(session)?.status).toBe('expired');
    expect(await w.statusOf(session)).toBe(CANCELLED);
    expect(await w.t.knex('graphile_worker.jobs').where('task_identifier', 'expire_checkouts')).toHaveLength(0);
  });
});
