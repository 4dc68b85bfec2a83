/**
 * The credits page after a card checkout when a check of the order fails for a moment (a 503 from a restart or a
 * proxy): the banner does not say the order "could not be found" and give up, as only a 404 means that; it says it
 * is retrying, asks again, and shows the payment received once the bank confirms it, with the balance read again.
 * The list of bank payments does the same: a list that could not be read is asked for again, not left out for good.
 */
import Stripe from 'stripe';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe';

let e2e: E2E;
let standIn: StripeStandIn;
const WEBHOOK_SECRET = 'whsec_test_payment_check_retries';

beforeAll(async () => {
  e2e = await startE2E();
  standIn = await startStripeStandIn();
  e2e.config.credits = {
    ...e2e.config.credits,
    stripe: { secretKey: 'sk_test_standin', webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url },
  };
});
afterAll(() => standIn?.close());

const stripe = new Stripe('sk_test_standin', { telemetry: false });

/** A card checkout of `noOfCredits` for the RaaS owner's company, started from `page`'s session. */
async function checkout(page: Page, noOfCredits: number) {
  const buyer = await e2e.db.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
  const res = await page.request.post(`${e2e.baseUrl}/api/v1/credit/instant-purchase/stripe`, {
    headers: { origin: e2e.baseUrl },
    data: { companyId: `Company:${buyer.company_id}`, userId: `User:${buyer.id}`, noOfCredits },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { url: string; orderNumber: string };
  return { orderNumber: body.orderNumber, session: body.url.split('/').pop() as string };
}

/** A notice of `type` about `session`, signed and delivered as Stripe does. */
async function notice(type: string, session: string, payment_status: 'paid' | 'unpaid') {
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
}

describe('A failed check of a card payment', () => {
  it('retries after a 503 and shows the payment received, with the balance read again', async () => {
    const page = await e2e.signIn('owner@raas.example.com', undefined, null);
    const order = await checkout(page, 4);
    // Completed, the bank still confirming: the page keeps asking.
    await notice('checkout.session.completed', order.session, 'unpaid');

    let checks = 0;
    await page.route('**/api/v1/credit/order/**', (route) =>
      checks++ === 0 ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    );
    await page.goto(`${e2e.baseUrl}/credits/company?payment=success&order=${order.orderNumber}`);
    const status = page.getByTestId('payment-status');
    const balance = page.getByTestId('credit-balance');
    await balance.waitFor();
    await expect.poll(() => checks).toBeGreaterThan(0);
    const before = Number(await balance.innerText());
    await expect(status.innerText()).resolves.not.toContain('could not be found');

    standIn.pay(order.session);
    await notice('checkout.session.async_payment_succeeded', order.session, 'paid');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 40_000 }).toBe('paid');
    await expect(status.innerText()).resolves.toContain(`order ${order.orderNumber}`);
    await expect.poll(async () => Number(await balance.innerText())).toBe(before + 4);
  }, 90_000);

  it('asks again for the bank payments when their list could not be read', async () => {
    const page = await e2e.signIn('owner@raas.example.com', undefined, null);
    const order = await checkout(page, 3);
    await notice('checkout.session.completed', order.session, 'unpaid');

    let reads = 0;
    await page.route('**/api/v1/credit/card-payments', (route) =>
      reads++ === 0 ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    );
    await page.goto(`${e2e.baseUrl}/credits/company`);
    const shown = page.getByTestId('card-payment').filter({ hasText: order.orderNumber });
    await shown.waitFor({ timeout: 20_000 });
    await expect(shown.getAttribute('data-state')).resolves.toBe('awaiting');
    expect(reads).toBeGreaterThan(1);
  }, 60_000);
});
