/**
 * The credits feature's words come from the catalogue: an order form's PDF reads the tier discount as its email does
 * ('20%', formatPercent), in the catalogue's words; a cancelled refund's credit-log note names its status in the
 * catalogue's words for Stripe's refund statuses ('cancelled'), not Stripe's raw value ('canceled').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { formatPercent, t } from '../../i18n';
import { client, type Client } from '../helpers/actors';
import { lastMail } from '../helpers/mailbox';
import { cardBuyer, paidCardOrder } from '../helpers/stripe';

let w: Awaited<ReturnType<typeof cardBuyer>>;
let admin: Client;
let raas: Client;
let ownerId: number;

beforeAll(async () => {
  w = await cardBuyer('whsec_test_order_form_words');
  admin = client(w.t, await w.t.login('admin@example.com'));
  raas = client(w.t, await w.t.login('owner@raas.example.com'));
  ownerId = (await w.t.knex('company_users').where('email', 'owner@raas.example.com').first('id')).id as number;
});
afterAll(() => w?.close());

describe('An order form', () => {
  it('reads its tier discount in the PDF as its email does, in the catalogue’s words', async () => {
    const made = await admin.post('/credit/sales-order', {
      companyId: `Company:${w.companyId}`,
      userId: `User:${ownerId}`,
      noOfCredits: 10,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const percent = formatPercent(made.body.discount as number);
    expect(percent).toBe('20%');
    const mail = await lastMail(w.t.knex, 'owner@raas.example.com');
    expect(mail.text).toContain(`tier discount ${percent}`);
    const link = /(\/api\/v1\/credit\/sales-order\/[^\s]+\/pdf)/.exec(mail.text)?.[1] as string;
    const pdf = await raas.get(link.replace('/api/v1', '')).buffer(true);
    expect(pdf.status).toBe(200);
    const doc = await getDocumentProxy(new Uint8Array(pdf.body as Buffer));
    const { text } = await extractText(doc, { mergePages: true });
    const words = (key: string) => t(`credits.orderForm.pdf.${key}`);
    for (const key of ['billTo', 'order', 'credits', 'unitPrice', 'subtotal', 'discount', 'total']) {
      expect(text).toContain(words(key));
    }
    expect(text).toContain(percent);
    expect(text).not.toContain(`${made.body.discount} %`);
    expect(text).toContain(t('credits.orderForm.pdf.orderNumber', { orderNumber: made.body.orderNumber as string }));
  });
});

describe('A refund Stripe cancels', () => {
  it('writes the credit-log note with the catalogue’s word for the status, not Stripe’s raw value', async () => {
    const p = await paidCardOrder(w, 10);
    const half = p.amount / 2;
    const charge = `ch_${p.paymentIntent.slice(3)}`;
    const held = w.standIn.charges.get(charge);
    if (held) Object.assign(held, { amount_refunded: half, refunded: false });
    const refunded = await w.event('charge.refunded', {
      id: charge,
      object: 'charge',
      payment_intent: p.paymentIntent,
      amount: p.amount,
      amount_refunded: half,
      currency: p.currency,
      refunded: false,
    });
    expect(refunded.body).toMatchObject({ received: true, reclaimed: 5 });
    w.standIn.failRefund(p.paymentIntent, half);
    const cancelled = await w.event('charge.refund.updated', {
      id: 're_cancelled_words',
      object: 'refund',
      amount: half,
      charge,
      payment_intent: p.paymentIntent,
      currency: p.currency,
      status: 'canceled',
    });
    expect(cancelled.body).toMatchObject({ restored: 5, known: true });
    const logs = await admin.get('/credit/logs?search=re_cancelled_words');
    expect(logs.status).toBe(200);
    const notes = (logs.body.data as { note: string | null }[]).map((l) => l.note ?? '');
    const given = notes.find((n) => n.includes('credits given back')) as string;
    expect(given).toContain(` ${t('credits.stripe.refundStatus.canceled')} (re_cancelled_words)`);
    expect(given).not.toContain('canceled');
  });
});
