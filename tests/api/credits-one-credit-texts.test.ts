/**
 * An order of one credit reads "1 credit" wherever the product writes it: the order form's email, the answer that
 * marks it paid and the card checkout's line item at Stripe. An order above the top tier is refused with a field key
 * the catalogue has, so the portal shows its text rather than the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasText, t as text } from '../../i18n';
import { client, type Client } from '../helpers/actors';
import { lastMail } from '../helpers/mailbox';
import { cardBuyer } from '../helpers/stripe';

let buyer: Awaited<ReturnType<typeof cardBuyer>>;
let admin: Client;
let raasId: number;
let raasOwnerId: number;

beforeAll(async () => {
  buyer = await cardBuyer('whsec_one_credit');
  admin = client(buyer.t, await buyer.t.login('admin@example.com'));
  const owner = await buyer.t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
  [raasId, raasOwnerId] = [owner.company_id, owner.id];
});
afterAll(async () => {
  await buyer?.close();
});

const order = (noOfCredits: number) =>
  admin.post('/credit/sales-order', { companyId: `Company:${raasId}`, userId: `User:${raasOwnerId}`, noOfCredits });

describe('An order of one credit', () => {
  it('is emailed as "1 credit" on its order form, and marked paid as "1 credit added"', async () => {
    const res = await order(1);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const mail = await lastMail(buyer.t.knex, 'owner@raas.example.com');
    expect(mail.subject).toBe(`Order form ${res.body.orderNumber}`);
    expect(mail.text).toContain(`order form ${res.body.orderNumber} for 1 credit for `);
    expect(mail.text).not.toMatch(/\b1 (\w+ )?credits\b/);
    expect(mail.text).toContain('Download the order form (PDF): ');

    const paid = await admin.post(`/credit/sales-order/${res.body.orderId}/paid`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.msg).toBe('Order marked as paid: 1 credit added');
  });

  it('is named "1 credit" on the card checkout at Stripe', async () => {
    await buyer.checkout(1);
    const sent = buyer.standIn.requests.filter((r) => r.method === 'POST').pop();
    const name = sent?.body.get('line_items[0][price_data][product_data][name]');
    expect(name).toMatch(/^1 credit \(order SO-[^)]+\)$/);
  });

  it('is written "2 credits" when there are two', async () => {
    const res = await order(2);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await lastMail(buyer.t.knex, 'owner@raas.example.com')).text).toContain(' for 2 credits for ');
  });
});

describe('An order above the top tier', () => {
  it('is refused with a field key the catalogue has, naming the top tier', async () => {
    const { tiers } = (await admin.get('/credit/pricing')).body as { tiers: { max: number }[] };
    const res = await order(tiers[tiers.length - 1].max + 1);
    expect(res.status).toBe(400);
    const key = res.body.error.fields.noOfCredits as string;
    expect(hasText(key), key).toBe(true);
    expect(text(key, { max: res.body.error.max })).toMatch(
      /^Above [\d,]+ credits?, contact us for enterprise pricing$/,
    );
  });
});
