/**
 * The admin's credit log and sales orders when a read fails, in a real browser: a failure is never drawn as the
 * empty state ("No credit movements yet", "No sales orders yet"). A To day before the From day is refused by the
 * server (`to.errors.beforeFrom`) and said under To in the catalogue's words; any other failure says the list could
 * not be loaded and offers Try again, which reads it again.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});

/** Types a day into the date field named `name` and leaves it, as a user does. */
async function typeDay(page: Page, name: string, day: string) {
  const field = page.getByRole('textbox', { name, exact: true });
  await field.fill(day);
  await field.press('Tab');
  return field;
}

describe('The credit log and sales orders when a read fails', () => {
  it('says a To day before the From day at the To field, not as an empty log', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/credits/log');
    await typeDay(page, 'From', '10 Dec 2026');
    const to = await typeDay(page, 'To', '1 Dec 2026');
    const message = page.getByText('Choose a To day on or after the From day');
    await message.waitFor({ timeout: 15_000 });
    await expect(to.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = (await to.getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${describedBy}"]`).innerText()).resolves.toBe(
      'Choose a To day on or after the From day',
    );
    await expect(page.getByText('No credit movements yet').count()).resolves.toBe(0);
    await expect(page.getByText('to.errors.beforeFrom').count()).resolves.toBe(0);

    // Put right, the log is read again and the message goes.
    await typeDay(page, 'To', '31 Dec 2026');
    await message.waitFor({ state: 'hidden' });
  }, 60_000);

  it('offers Try again when the log could not be read, and reads it again', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, null);
    let reads = 0;
    await page.route('**/api/v1/credit/logs**', (route) =>
      reads++ === 0 ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.goto(`${e2e.baseUrl}/credits/log`);
    const failed = page.getByTestId('credit-log-error');
    await failed.waitFor({ timeout: 15_000 });
    await expect(page.getByText('No credit movements yet').count()).resolves.toBe(0);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await failed.waitFor({ state: 'hidden' });
    await expect.poll(() => reads).toBe(2);
  }, 60_000);

  it('offers Try again when the sales orders could not be read', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, null);
    let reads = 0;
    await page.route('**/api/v1/sales-orders**', (route) =>
      reads++ === 0 ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.goto(`${e2e.baseUrl}/credits/active-credits`);
    const failed = page.getByTestId('sales-orders-error');
    await failed.waitFor({ timeout: 15_000 });
    await expect(page.getByText('No sales orders yet').count()).resolves.toBe(0);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await failed.waitFor({ state: 'hidden' });
    await expect.poll(() => reads).toBe(2);
  }, 60_000);
});
