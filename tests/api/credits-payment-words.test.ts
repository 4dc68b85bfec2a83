/**
 * The credit texts say what they mean in words from the catalogue:
 * - an order form's email writes its tier discount as a percentage ("10%"), not an assembled "10 %";
 * - the admins' payment notices put a dispute's reason and status and a refund's status in words ("product not
 *   received"), not Stripe's raw values (`product_not_received`), and a missing reason as the catalogue's words;
 * - emails about a notice carry the configured product name (PRODUCT_NAME), not a typed "Talentbase:".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNEL, NOTIFICATION_KIND, RECIPIENT_KIND } from '../../schema/entities/live/notification';
import { client, type Client } from '../helpers/actors';
import { lastMail, mailsTo } from '../helpers/mailbox';
import { cardBuyer, paidCardOrder, type CardBuyer, type PaidCardOrder } from '../helpers/stripe';

let w: CardBuyer;
let admin: Client;

beforeAll(async () => {
  w = await cardBuyer('whsec_payment_words');
  admin = client(w.t, await w.t.login('admin@example.com'));
});
afterAll(() => w?.close());

const dispute = (p: PaidCardOrder, type: string, fields: { status: string; reason?: string | null }) =>
  w.event(type, {
    id: `dp_${p.paymentIntent.slice(3)}`,
    object: 'dispute',
    charge: `ch_${p.paymentIntent.slice(3)}`,
    payment_intent: p.paymentIntent,
    amount: p.amount,
    currency: p.currency,
    ...fields,
  });

/** The admin's notice about the order's payment (one thread per order). */
async function noticeTitle(p: PaidCardOrder): Promise<string | undefined> {
  const threads = (await admin.get('/notifications')).body.data as { kind: string; title: string; link: string }[];
  return threads.find((n) => n.kind === 'paymentReversed' && n.link.includes(p.order.order_number))?.title;
}

describe('An order form', () => {
  it('is emailed with its tier discount written as a percentage', async () => {
    const { tiers } = (await admin.get('/credit/pricing')).body as { tiers: { min: number; discount: number }[] };
    const tier = tiers.find((x) => x.discount > 0) ?? tiers[0];
    const owner = await w.t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
    const res = await admin.post('/credit/sales-order', {
      companyId: `Company:${owner.company_id}`,
      userId: `User:${owner.id}`,
      noOfCredits: tier.min,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const mail = await lastMail(w.t.knex, 'owner@raas.example.com');
    expect(mail.text).toContain(`(tier discount ${tier.discount}%)`);
    expect(mail.text).not.toMatch(/\d %/);
  });
});

describe("The admins' payment notices", () => {
  it("name a dispute's reason and its closing in words, not Stripe's values", async () => {
    const p = await paidCardOrder(w, 2);
    await dispute(p, 'charge.dispute.created', { status: 'warning_needs_response', reason: 'product_not_received' });
    expect(await noticeTitle(p)).toMatch(/\(.+, reason: product not received\)/);
    await dispute(p, 'charge.dispute.closed', { status: 'warning_closed', reason: 'product_not_received' });
    const closed = await noticeTitle(p);
    expect(closed).toMatch(/closed as an inquiry, without a chargeback: the payment of .+ stands$/);
    expect(closed).not.toContain('warning_closed');
  });

  it('give a dispute without a reason the catalogue’s words', async () => {
    const p = await paidCardOrder(w, 1);
    await dispute(p, 'charge.dispute.created', { status: 'needs_response', reason: null });
    expect(await noticeTitle(p)).toMatch(/reason: none given\)/);
  });

  it('name a cancelled refund in words', async () => {
    const p = await paidCardOrder(w, 2);
    await w.event('refund.updated', {
      id: 're_words',
      object: 'refund',
      amount: p.amount,
      charge: `ch_${p.paymentIntent.slice(3)}`,
      payment_intent: p.paymentIntent,
      currency: p.currency,
      status: 'canceled',
    });
    expect(await noticeTitle(p)).toMatch(/did not go through \(cancelled\)/);
  });

  it('are emailed under the configured product name', async () => {
    w.t.config.productName = 'Hirewell';
    const rows = await w.t.knex('admins').select('id', 'email');
    const admins = rows.map((r) => r.email as string);
    // The admins read payment notices by email.
    await w.t
      .knex('notification_preferences')
      .insert(
        rows.map((r) => ({
          recipient_kind: RECIPIENT_KIND.admin,
          recipient_id: r.id,
          kind: NOTIFICATION_KIND.paymentReversed,
          channel: NOTIFICATION_CHANNEL.email,
        })),
      )
      .onConflict()
      .ignore();
    const before = new Set(
      (await Promise.all(admins.map((a) => mailsTo(w.t.knex, a)))).flat().map((m) => m.subject + m.createdAt),
    );
    const p = await paidCardOrder(w, 1);
    await dispute(p, 'charge.dispute.created', { status: 'needs_response', reason: 'fraudulent' });
    const sent = (await Promise.all(admins.map((a) => mailsTo(w.t.knex, a))))
      .flat()
      .filter((m) => !before.has(m.subject + m.createdAt) && m.subject.includes(p.order.order_number));
    expect(sent.length).toBeGreaterThan(0);
    for (const m of sent) expect(m.subject).toMatch(/^Hirewell: /);
  });
});
