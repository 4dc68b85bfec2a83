/**
 * The console's credits lists carry the portal's credit actions: an admin adds credits (the field
 * messages first, the server's on their fields), updates and deletes a lot (the confirmation names it;
 * a lot deleted meanwhile is refused in the dialog) and generates an order form (a toast with its
 * number, the PDF at once, the order in its list). Each movement changes the balance exactly once.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '../../backend/features/credits';
import { CREDIT_ACTIONS } from '../../schema/rules/credits';
import { formatDate } from '../../schema/rules/dates';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let acme: { id: number; name: string };

beforeAll(async () => {
  e2e = await startE2E();
  const row = await e2e.db
    .knex('companies')
    .join('company_users', 'company_users.company_id', 'companies.id')
    .where('company_users.email', 'owner@acme.example.com')
    .first('companies.id', 'companies.company_name');
  acme = { id: row.id, name: row.company_name };
});

/** A day `days` from today (UTC), as the API takes it. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Acme's balance (or another company's), read over HTTP with the admin's session. */
async function balance(page: Page, company = acme): Promise<number> {
  const res = await page.request.get(`${e2e.baseUrl}/api/v1/credit/balance?companyId=Company:${company.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).balance;
}

/** How many log entries of `action` Acme's credits have. */
async function logged(action: keyof typeof CREDIT_ACTIONS): Promise<number> {
  const [{ count }] = await e2e.db
    .knex('credit_logs')
    .where({ company_id: acme.id, action: CREDIT_ACTIONS[action] })
    .count({ count: '*' });
  return Number(count);
}

const toast = (page: Page, text: string) => page.locator('.MuiSnackbar-root').filter({ hasText: text }).waitFor();

const ACTIVE_CREDITS = '/admin/credits?filter=%7B%7D';

/** An admin signed in straight onto the active credits list. */
async function openActiveCredits(): Promise<Page> {
  const page = await e2e.signIn('admin@example.com', undefined, ACTIVE_CREDITS);
  await page.getByRole('button', { name: 'Add credits' }).waitFor();
  return page;
}

describe("The console's credits lists", () => {
  it('An admin adds credits, updates them and deletes them, each moving the balance exactly once', async () => {
    const page = await openActiveCredits();
    const expiry = dayAhead(400);
    const written = formatDate(expiry) as string;
    const lotRow = () => page.getByRole('row').filter({ hasText: written }).filter({ hasText: acme.name });

    // Add: the form's own message, then the server's message on its field, then success.
    const before = await balance(page);
    const added = await logged('addedByAdmin');
    await page.getByRole('button', { name: 'Add credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add credits' });
    await dialog.getByLabel('Company').fill(acme.name.slice(0, 4));
    await page.getByRole('option', { name: acme.name }).click();
    await dialog.getByTestId('no-of-credits').fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Credits cannot be zero').waitFor();
    await dialog.getByTestId('no-of-credits').fill('7');
    await dialog.getByLabel('Expiry date', { exact: true }).fill(dayAhead(365 * 6));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The expiry date must be within 5 years').waitFor();
    await expect(dialog.getByLabel('Expiry date', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await balance(page), 'nothing moved on a refusal').toBe(before);
    // The day is written as the product writes dates, whatever the browser's language.
    await dialog.getByLabel('Expiry date', { exact: true }).fill(expiry);
    await dialog.getByLabel('Expiry date', { exact: true }).press('Tab');
    await expect(dialog.getByLabel('Expiry date', { exact: true }).inputValue()).resolves.toBe(written);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Credits added');
    await lotRow().waitFor();
    await expect(lotRow().innerText()).resolves.toContain('7');
    await dialog.waitFor({ state: 'hidden', timeout: 6000 });
    expect(await balance(page)).toBe(before + 7);
    expect(await logged('addedByAdmin')).toBe(added + 1);

    // Update, from the keyboard: the row's button, the field, Save.
    const updated = await logged('updatedByAdmin');
    await lotRow()
      .getByRole('button', { name: `Update credits: ${acme.name}` })
      .focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Update credits' });
    await edit.getByText(acme.name).waitFor();
    await edit.getByTestId('no-of-credits').fill('9');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Credits updated');
    await edit.waitFor({ state: 'hidden', timeout: 6000 });
    expect(page.url(), 'the row stayed in the list').toContain('/admin/credits');
    expect(await balance(page)).toBe(before + 9);
    expect(await logged('updatedByAdmin')).toBe(updated + 1);

    // Delete: the confirmation names the company, the credits and the expiry; Cancel keeps the lot.
    const deleted = await logged('deletedByAdmin');
    await lotRow()
      .getByRole('button', { name: `Delete credits: ${acme.name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete credits' });
    await expect(confirm.getByTestId('delete-credits-confirm').innerText()).resolves.toBe(
      `Delete ${acme.name}'s 9 credits expiring ${written}? This cannot be undone.`,
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await balance(page)).toBe(before + 9);
    await lotRow()
      .getByRole('button', { name: `Delete credits: ${acme.name}` })
      .click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Credits deleted');
    await lotRow().waitFor({ state: 'detached' });
    expect(await balance(page)).toBe(before);
    expect(await logged('deletedByAdmin')).toBe(deleted + 1);
  });

  it('A lot deleted meanwhile is refused in the dialog with the server’s message, and is deleted only once', async () => {
    const expiry = dayAhead(420);
    const lot = await e2e.db.knex.transaction((trx) =>
      grantCredits(trx, { companyId: acme.id, amount: 4, expiryDate: expiry, source: 'admin', actor: 'system' }),
    );
    const page = await openActiveCredits();
    const row = page
      .getByRole('row')
      .filter({ hasText: formatDate(expiry) as string })
      .filter({ hasText: acme.name });
    await row.getByRole('button', { name: `Delete credits: ${acme.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete credits' });
    await confirm.getByTestId('delete-credits-confirm').waitFor();

    const before = await balance(page);
    const meanwhile = await page.request.delete(`${e2e.baseUrl}/api/v1/credit/Company:${acme.id}/Credit:${lot.lotId}`);
    expect(meanwhile.status()).toBe(200);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('alert').innerText()).resolves.toBe('Credit not found');
    await expect(confirm.isVisible()).resolves.toBe(true);
    expect(await balance(page)).toBe(before - 4);
    const entries = await e2e.db
      .knex('credit_logs')
      .where({ lot_id: lot.lotId, action: CREDIT_ACTIONS.deletedByAdmin });
    expect(entries).toHaveLength(1);
  });

  it("A credit's own page updates it, and deleting it there goes back to the list", async () => {
    const expiry = dayAhead(430);
    const lot = await e2e.db.knex.transaction((trx) =>
      grantCredits(trx, { companyId: acme.id, amount: 2, expiryDate: expiry, source: 'admin', actor: 'system' }),
    );
    const page = await e2e.signIn(
      'admin@example.com',
      undefined,
      `/admin/credits/${encodeURIComponent(`Credit:${lot.lotId}`)}/show`,
    );
    const before = await balance(page);
    await page.getByRole('button', { name: 'Update credits' }).click();
    const edit = page.getByRole('dialog', { name: 'Update credits' });
    await edit.getByTestId('no-of-credits').fill('3');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Credits updated');
    expect(await balance(page)).toBe(before + 1);
    await edit.waitFor({ state: 'hidden', timeout: 6000 });
    await page.getByRole('button', { name: 'Delete credits' }).click();
    await page.getByRole('dialog', { name: 'Delete credits' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Credits deleted');
    await page.waitForURL(/\/admin\/credits(\?|$)/);
    expect(await balance(page)).toBe(before - 2);
  });

  it('An admin generates an order form from Sales orders: a toast names it, the PDF downloads at once and it is listed', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/admin/sales-orders?filter=%7B%7D');
    // Order forms are for RaaS companies only, whose projects are charged credits.
    const row = await e2e.db
      .knex('companies')
      .join('company_users', 'company_users.company_id', 'companies.id')
      .where('company_users.email', 'owner@raas.example.com')
      .first('companies.id', 'companies.company_name');
    const raas = { id: row.id as number, name: row.company_name as string };
    const before = await balance(page, raas);
    // Clicked once the list has answered, as a person does: until then react-admin draws its loading toolbar, whose
    // button an empty list's own replaces (with whatever dialog it was opening).
    await page.locator('main table').or(page.getByText('No sales orders yet')).waitFor();
    await page.getByRole('button', { name: 'Generate order form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate order form' });
    // Only RaaS companies are offered: a normal one's projects are never charged.
    await dialog.getByLabel('Company').fill(acme.name);
    await page.getByText('No options').waitFor();
    await dialog.getByLabel('Company').fill(raas.name.slice(0, 4));
    await page.getByRole('option', { name: raas.name }).click();
    await dialog.getByLabel('Member').click();
    await page.getByRole('option', { name: /owner@raas\.example\.com/ }).click();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Generate order form' }).click();

    const download = await downloading;
    const order = await e2e.db.knex('sales_orders').orderBy('id', 'desc').first('order_number', 'status');
    expect(download.suggestedFilename()).toBe(`order-form-${order.order_number}.pdf`);
    await toast(page, `Order form ${order.order_number} created`);
    await page.getByRole('row').filter({ hasText: order.order_number }).waitFor();
    // An order form credits nothing until it is paid.
    expect(order.status).toBe(0);
    expect(await balance(page, raas)).toBe(before);
  });
});
