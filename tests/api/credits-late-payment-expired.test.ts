/**
 * A payment Stripe reports for an order already cancelled as expired is handled explicitly: answered 200 and
 * credited once (the money was received), and its buyer, who was last told the order was cancelled, is emailed
 * that the payment was confirmed, once however often the notice comes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as tr } from '../../i18n';
import { listOutbox } from '../../backend/services/mail/outbox';
import { cardBuyer } from '../helpers/stripe';

const [PAID, CANCELLED] = [1, 2];
let w: Awaited<ReturnType<typeof cardBuyer>>;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_late_payment_expired');
});
afterAll(() => w?.close());

describe('A payment for an order already expired', () => {
  it('is credited once, and its buyer is told once', async () => {
    const { res, session } = await w.checkout(2);
    const orderNumber = res.body.orderNumber as string;
    const expired = await w.notice('checkout.session.expired', session, { status: 'expired' });
    expect(expired.body).toMatchObject({ expired: true });
    expect(await w.statusOf(session)).toBe(CANCELLED);

    const held = w.standIn.pay(session) as { amount_total: number; currency: string };
    const before = await w.balance();
    const fields = { payment_status: 'paid', amount_total: held.amount_total, currency: held.currency };
    const late = await w.notice('checkout.session.completed', session, fields);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ received: true, credited: true });
    const again = await w.notice('checkout.session.completed', session, fields);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ received: true, credited: false });

    expect(await w.statusOf(session)).toBe(PAID);
    expect(await w.balance()).toBe(before + 2);
    const confirmed = (await listOutbox(w.t.knex, 'owner@raas.example.com', 500)).filter(
      (m) => m.subject === tr('credits.emails.confirmed.subject', { orderNumber }),
    );
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0].text).toContain(`/credits/company?order=${orderNumber}`);
  });
});
