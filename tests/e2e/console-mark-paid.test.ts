/**
 * The console marks an order form paid (spec section 7): a pending order form's row in Sales orders
 * offers Mark paid, whose confirmation names the order, the company, the credits and the amount; once
 * confirmed a toast says so, the row reads Paid and the company's balance is up by the order's credits,
 * exactly once (a second try is refused). A card order is paid by its checkout: its row has no such
 * action. On a phone the list opens the order's page, which offers the same action.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../schema/rules/credits';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let raas: { id: number; name: string; ownerId: number };

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  e2e = await startE2E();
  const row = await e2e.db
    .knex('companies')
    .join('company_users', 'company_users.company_id', 'companies.id')
    .where('company_users.email', 'owner@raas.example.com')
    .first('companies.id', 'companies.company_name', 'company_users.id as owner_id');
  raas = { id: row.id, name: row.company_name, ownerId: row.owner_id };
});

async function balance(page: Page): Promise<number> {
  const res = await page.request.get(`${e2e.baseUrl}/api/v1/credit/balance?companyId=Company:${raas.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).balance;
}

/** An order form for the RaaS company's owner, made over HTTP with the admin's session as the console's dialog makes it. */
async function orderForm(page: Page, credits: number): Promise<{ id: number; number: string; total: number }> {
  const res = await page.request.post(`${e2e.baseUrl}/api/v1/credit/sales-order`, {
    data: { companyId: `Company:${raas.id}`, userId: `User:${raas.ownerId}`, noOfCredits: credits },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { id: Number(String(body.orderId).split(':')[1]), number: body.orderNumber, total: body.total };
}

/** A pending card order, as a checkout nobody has paid yet leaves it. */
async function cardOrder(): Promise<string> {
  const number = `SO-CARD-${Date.now()}`;
  await e2e.db.knex('sales_orders').insert({
    order_number: number,
    channel: 2,
    status: 0,
    company_id: raas.id,
    user_id: raas.ownerId,
    quantity: 3,
    unit_price: 100,
    discount_percent: 0,
    total: 300,
    currency: 'SGD',
    checkout_session_id: `cs_test_markpaid_${Date.now()}`,
  });
  return number;
}

const statusOf = async (id: number) => (await e2e.db.knex('sales_orders').where('id', id).first('status')).status;
const toast = (page: Page, text: string) => page.locator('.MuiSnackbar-root').filter({ hasText: text }).waitFor();
const SALES_ORDERS = '/admin/sales-orders?filter=%7B%7D';

describe('Mark paid in the console', () => {
  it('An admin marks a pending order form paid at 1440×900: confirmation, toast, status Paid, balance up once; a card order has no action', async () => {
    const page = await e2e.signIn('admin@example.com', LAPTOP, null);
    const order = await orderForm(page, 6);
    const card = await cardOrder();
    const before = await balance(page);
    await page.goto(`${e2e.baseUrl}${SALES_ORDERS}`);
    const orderRow = page.getByRole('row').filter({ hasText: order.number });
    await orderRow.waitFor();
    await expect(orderRow.innerText()).resolves.toContain('Awaiting payment');
    const cardRow = page.getByRole('row').filter({ hasText: card });
    await cardRow.waitFor();
    await expect(cardRow.getByRole('button', { name: /Mark paid/ }).count()).resolves.toBe(0);

    await orderRow.getByRole('button', { name: `Mark paid: ${order.number}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this order paid?' });
    const amount = formatMoney(order.total, 'SGD', 'en-SG');
    await expect(dialog.getByTestId('mark-paid-confirm').innerText()).resolves.toBe(
      `Mark order ${order.number} paid? ${raas.name}'s payment of ${amount} was received: 6 credits are added to its balance now. This cannot be undone.`,
    );
    // Cancel moves nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await statusOf(order.id)).toBe(0);

    await orderRow.getByRole('button', { name: `Mark paid: ${order.number}` }).click();
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await toast(page, 'Order marked as paid: 6 credits added');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => orderRow.innerText()).toContain('Paid');
    await expect(orderRow.getByRole('button', { name: /Mark paid/ }).count()).resolves.toBe(0);
    expect(await statusOf(order.id)).toBe(1);
    expect(await balance(page)).toBe(before + 6);

    // A second try (a double click, another admin) is refused and credits nothing more.
    const again = await page.request.post(`${e2e.baseUrl}/api/v1/credit/sales-order/SalesOrder:${order.id}/paid`);
    expect(again.status()).toBe(409);
    expect((await again.json()).error.message).toBe('This order is already paid');
    expect(await balance(page)).toBe(before + 6);
    await page.close();
  });

  it('On a 390×844 phone the order opens from the list and its page offers Mark paid', async () => {
    const page = await e2e.signIn('admin@example.com', PHONE, null);
    const order = await orderForm(page, 2);
    const before = await balance(page);
    await page.goto(`${e2e.baseUrl}${SALES_ORDERS}`);
    await page.getByText(order.number).click();
    await page.waitForURL(/\/admin\/sales-orders\/.+\/show/);
    await page.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this order paid?' });
    await expect(dialog.getByTestId('mark-paid-confirm').innerText()).resolves.toContain(raas.name);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await toast(page, 'Order marked as paid: 2 credits added');
    await expect.poll(() => statusOf(order.id)).toBe(1);
    await page.getByRole('button', { name: 'Mark paid' }).waitFor({ state: 'detached' });
    expect(await balance(page)).toBe(before + 2);
    await page.close();
  });
});
