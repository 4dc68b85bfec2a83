/**
 * A RaaS company's credits page in a real browser, where it used to leave its user without a way forward:
 * - with no purchases and no credit use, each empty table says what will appear there and offers the header's
 *   Buy credits action (the same purchase modal, its button named as the modal), to the company's owner and to a
 *   member alike: every user of a RaaS company may buy (spec section 6); where the server takes no card payment
 *   nobody can buy there, and the tables say who can add credits (the team, by order form, at the support address);
 * - a card payment Stripe reports as still under way (a bank debit) shows by its order number as
 *   "Payment under way", then "Payment received" or "Payment failed" as the stand-in's signed notices
 *   settle it, also when the buyer comes back by the email's link.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe';

let e2e: E2E;
let standIn: StripeStandIn;
const WEBHOOK_SECRET = 'whsec_test_credits_page';

beforeAll(async () => {
  e2e = await startE2E();
  standIn = await startStripeStandIn();
});
afterAll(() => standIn?.close());

/** A new RaaS company with no credits, no orders and no log, with its owner and a member. */
async function emptyRaasCompany() {
  const { knex } = e2e.db;
  const [company] = await knex('companies')
    .insert({ company_name: 'Empty Ledger Talent', company_type: 4, status: 1 })
    .returning('id');
  const person = (email: string, role: number, first: string) => ({
    email,
    role,
    status: 1,
    company_id: company.id,
    first_name: first,
    last_name: 'Ledger',
  });
  await knex('company_users').insert([
    person('owner@emptyledger.example.com', 0, 'Olive'),
    person('member@emptyledger.example.com', 2, 'Milo'),
  ]);
  return company.id as number;
}

describe('The credits page of a company with no credits', () => {
  it('says what each empty table will hold and offers Buy credits to the owner and to a member', async () => {
    await emptyRaasCompany();
    for (const email of ['owner@emptyledger.example.com', 'member@emptyledger.example.com']) {
      const page = await e2e.signIn(email, undefined, '/credits/company');
      await page.getByText('The credits you buy appear here, each lot with the credits left in it').waitFor();
      await page.getByText('Each purchase, and each credit your projects use, appears here').waitFor();
      const empties = page.getByTestId('credits-empty');
      await expect.poll(() => empties.count()).toBe(2);
      for (const i of [0, 1]) {
        await empties.nth(i).getByRole('button', { name: 'Purchase credits' }).click();
        const modal = page.getByRole('dialog', { name: 'Purchase credits' });
        await modal.getByTestId('purchase-total').waitFor();
        await modal.getByRole('button', { name: 'Cancel' }).click();
        await modal.waitFor({ state: 'hidden' });
      }
      await expect(page.getByTestId('credits-who-can-buy').count()).resolves.toBe(0);
    }
  });

  it('where the server takes no card payment, says who can add credits instead of offering to buy', async () => {
    const page = await e2e.signIn('member@emptyledger.example.com', undefined, null);
    const { env, credits } = e2e.config;
    // Production without Stripe keys, as a forgotten STRIPE_SECRET_KEY leaves it (a new credits object: a new adapter).
    e2e.config.env = 'production';
    e2e.config.credits = { ...credits, stripe: undefined };
    try {
      await page.goto(`${e2e.baseUrl}/credits/company`);
      const who = page.getByTestId('credits-who-can-buy');
      await expect.poll(() => who.count()).toBe(2);
      await expect(who.first().innerText()).resolves.toContain('Our team adds credits with an order form');
      await expect(who.first().getByRole('link').getAttribute('href')).resolves.toBe(
        `mailto:${credits.pricing.supportEmail}`,
      );
      await expect(page.getByTestId('credits-empty').getByRole('button').count()).resolves.toBe(0);
    } finally {
      e2e.config.env = env;
      e2e.config.credits = { ...credits };
    }
  });
});

describe('A card payment the bank confirms later', () => {
  it('shows under way, then received or failed, by its order number', async () => {
    const { knex } = e2e.db;
    const buyer = await knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
    const credits = e2e.config.credits;
    e2e.config.credits = {
      ...credits,
      stripe: { secretKey: 'sk_test_standin', webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url },
    };
    const stripe = new Stripe('sk_test_standin', { telemetry: false });
    try {
      const page = await e2e.signIn('owner@raas.example.com', undefined, null);
      const checkout = async (noOfCredits: number) => {
        const res = await page.request.post(`${e2e.baseUrl}/api/v1/credit/instant-purchase/stripe`, {
          headers: { origin: e2e.baseUrl },
          data: { companyId: `Company:${buyer.company_id}`, userId: `User:${buyer.id}`, noOfCredits },
        });
        expect(res.status()).toBe(200);
        const body = (await res.json()) as { url: string; orderNumber: string };
        return { orderNumber: body.orderNumber, session: body.url.split('/').pop() as string };
      };
      /** A notice of `type` about `session`, signed and delivered as Stripe does. */
      const notice = async (type: string, session: string, payment_status: 'paid' | 'unpaid') => {
        const held = standIn.sessions.get(session) as { amount_total: number; currency: string };
        const object = { id: session, object: 'checkout.session', status: 'complete', payment_status, ...held };
        const payload = JSON.stringify({ id: `evt_${type}_${session}`, object: 'event', type, data: { object } });
        const res = await fetch(`${e2e.baseUrl}/api/v1/credit/stripe/webhook`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Stripe-Signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
          },
          body: payload,
        });
        expect(res.status).toBe(200);
      };
      const slow = await checkout(6);
      const refused = await checkout(2);
      for (const o of [slow, refused]) await notice('checkout.session.completed', o.session, 'unpaid');
      await notice('checkout.session.async_payment_failed', refused.session, 'unpaid');

      await page.goto(`${e2e.baseUrl}/credits/company`);
      const shown = (o: { orderNumber: string }) => page.getByTestId('card-payment').filter({ hasText: o.orderNumber });
      await shown(slow).waitFor();
      await expect(shown(slow).innerText()).resolves.toContain(`Payment under way: order ${slow.orderNumber}`);
      await expect(shown(slow).getAttribute('data-state')).resolves.toBe('awaiting');
      await expect(shown(refused).innerText()).resolves.toContain(`Payment failed: order ${refused.orderNumber}`);
      const before = Number(await page.getByTestId('credit-balance').innerText());

      standIn.pay(slow.session);
      await notice('checkout.session.async_payment_succeeded', slow.session, 'paid');
      // The confirmation email's link.
      await page.goto(`${e2e.baseUrl}/credits/company?order=${slow.orderNumber}`);
      await expect.poll(() => shown(slow).getAttribute('data-state')).toBe('paid');
      await expect(shown(slow).innerText()).resolves.toContain(`Payment received: order ${slow.orderNumber}`);
      await expect(shown(refused).getAttribute('data-state')).resolves.toBe('cancelled');
      await expect.poll(async () => Number(await page.getByTestId('credit-balance').innerText())).toBe(before + 6);
    } finally {
      e2e.config.credits = credits;
    }
  });
});
