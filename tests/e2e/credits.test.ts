/**
 * Credits in a real browser: an admin grants credits (with the field messages) and sees them in
 * active credits and the log; a RaaS company buys credits in the marked local test mode and sees
 * its balance rise.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../schema/rules/credits';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

const signedInPage = (...args: Parameters<E2E['signIn']>) => e2e.signIn(...args);

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Credits', () => {
  it('An admin grants credits to a company and sees them in active credits and the log', async () => {
    const page = await signedInPage('admin@example.com', undefined, '/credits/active-credits');
    const company = await e2e.db
      .knex('companies')
      .join('company_users', 'company_users.company_id', 'companies.id')
      .where('company_users.email', 'owner@acme.example.com')
      .first('company_name');
    await page.getByRole('button', { name: 'Add credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add credits' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Choose a company').waitFor();
    await dialog.getByText('Enter the number of credits').waitFor();
    await dialog.getByLabel('Company').fill(company.company_name.slice(0, 4));
    await page.getByRole('option', { name: company.company_name }).click();
    await dialog.getByTestId('no-of-credits').fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Credits cannot be zero').waitFor();
    await dialog.getByTestId('no-of-credits').fill('2.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a whole number of credits').waitFor();
    await dialog.getByTestId('no-of-credits').fill('7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('snackbar').innerText()).resolves.toContain('Credits added');
    // The list reloads at once and the dialog closes after 3 seconds.
    await page.getByTestId('credit-lot').filter({ hasText: company.company_name }).waitFor();
    await dialog.waitFor({ state: 'hidden', timeout: 6000 });

    await page.goto(`${e2e.baseUrl}/credits/log`);
    const entry = page
      .getByTestId('credit-log-entry')
      .filter({ hasText: 'Added by admin' })
      .filter({ hasText: company.company_name });
    await entry.first().waitFor();
    await expect(entry.first().innerText()).resolves.toContain('+7');
  });

  it('An admin generates an order form: a toast names the order, the PDF downloads at once and the order is listed', async () => {
    const page = await signedInPage('admin@example.com', undefined, '/credits/active-credits');
    const company = await e2e.db
      .knex('companies')
      .join('company_users', 'company_users.company_id', 'companies.id')
      // Order forms are for RaaS companies only, whose projects are charged credits.
      .where('company_users.email', 'owner@raas.example.com')
      .first('company_name');
    await page.getByRole('button', { name: 'Generate order form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate order form' });
    await dialog.getByLabel('Company').fill(company.company_name.slice(0, 4));
    await page.getByRole('option', { name: company.company_name }).click();
    await dialog.getByLabel('Member').click();
    await page.getByRole('option', { name: /owner@raas\.example\.com/ }).click();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Generate order form' }).click();

    const download = await downloading;
    const order = await e2e.db.knex('sales_orders').orderBy('id', 'desc').first('order_number');
    expect(download.suggestedFilename()).toBe(`order-form-${order.order_number}.pdf`);
    await expect(page.getByTestId('snackbar').innerText()).resolves.toContain(
      `Order form ${order.order_number} created`,
    );
    const listed = page.getByTestId('sales-order').filter({ hasText: order.order_number });
    await listed.waitFor();
    await expect(listed.innerText()).resolves.toContain(company.company_name);
    await expect(listed.innerText()).resolves.toContain('Awaiting payment');
  });

  it('A RaaS company buys credits in test mode and sees its balance rise', async () => {
    const page = await signedInPage('owner@raas.example.com', undefined, `/credits/company`);
    const balance = page.getByTestId('credit-balance');
    await balance.waitFor();
    const before = Number(await balance.innerText());
    await page.getByRole('button', { name: 'Buy credits' }).click();
    const modal = page.getByRole('dialog', { name: 'Purchase credits' });
    await expect(modal.getByRole('button', { name: 'One credit less' }).isDisabled()).resolves.toBe(true);
    await modal.getByRole('button', { name: 'One credit more' }).click();
    await modal.getByRole('button', { name: 'One credit more' }).click();
    await expect(modal.getByTestId('purchase-total').innerText()).resolves.toContain('SGD 300.00');
    await modal.getByTestId('purchase-quantity').fill('25');
    await expect(
      modal.getByRole('link', { name: 'Contact us for enterprise pricing' }).getAttribute('href'),
    ).resolves.toMatch(/^mailto:support@talentbase.example/);
    // The box empties while a number is typed over it (no 1 put back to make 15), and Pay waits for a number.
    const box = modal.getByTestId('purchase-quantity');
    await box.click();
    await box.press('End');
    await box.press('Backspace');
    await box.press('Backspace');
    await expect(box.inputValue()).resolves.toBe('');
    await expect(modal.getByRole('button', { name: /^Pay / }).isDisabled()).resolves.toBe(true);
    await box.pressSequentially('3');
    await expect(box.inputValue()).resolves.toBe('3');
    await modal.getByRole('button', { name: /^Pay / }).click();
    await page.getByTestId('test-mode-banner').waitFor();
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await page.getByText('Payment received').waitFor();
    await expect.poll(async () => Number(await page.getByTestId('credit-balance').innerText())).toBe(before + 3);
    await page.getByTestId('credit-log-entry').filter({ hasText: 'Added by company user' }).first().waitFor();

    // On a phone the history scrolls sideways inside its card (by keyboard too) instead of being cut off.
    await page.setViewportSize({ width: 390, height: 844 });
    const history = page.getByRole('region', { name: 'Credit history' });
    const [region, table] = await Promise.all([history.boundingBox(), history.getByRole('table').boundingBox()]);
    expect(region!.x + region!.width).toBeLessThanOrEqual(390);
    expect(table!.width).toBeGreaterThan(region!.width);
    await history.focus();
    await history.press('ArrowRight');
    await expect.poll(() => history.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  it('Amounts read in the configured currency and locale (CREDIT_CURRENCY, CREDIT_LOCALE) in the portal and the console alike', async () => {
    const pricing = e2e.config.credits.pricing;
    const before = { currency: pricing.currency, locale: pricing.locale };
    Object.assign(pricing, { currency: 'EUR', locale: 'de-DE' });
    try {
      const buyer = await signedInPage('owner@raas.example.com', undefined, `/credits/company`);
      await buyer.getByRole('button', { name: 'Buy credits' }).click();
      const modal = buyer.getByRole('dialog', { name: 'Purchase credits' });
      await modal.getByTestId('purchase-quantity').fill('3');
      await expect
        .poll(() => modal.getByTestId('purchase-total').innerText())
        .toContain(formatMoney(300, 'EUR', 'de-DE'));
      expect(formatMoney(300, 'EUR', 'de-DE')).toBe('300,00 EUR');

      // An order keeps the currency it was priced in; the console writes it in the configured locale.
      const order = await e2e.db.knex('sales_orders').orderBy('id', 'desc').first('order_number', 'total', 'currency');
      const admin = await signedInPage('admin@example.com', undefined, '/admin/sales-orders?filter=%7B%7D');
      const row = admin.getByRole('row').filter({ hasText: order.order_number });
      await row.waitFor();
      await expect.poll(() => row.innerText()).toContain(formatMoney(Number(order.total), order.currency, 'de-DE'));
    } finally {
      Object.assign(pricing, before);
    }
  });

  it("The console's menu opens the portal's admin pages, and its credits lists carry the credit actions themselves", async () => {
    const page = await signedInPage('admin@example.com', undefined, '/admin/credits?filter=%7B%7D');
    const inPortal = page
      .getByRole('navigation', { name: 'Console menu' })
      .getByRole('list', { name: 'In the portal' });
    await expect(inPortal.getByRole('link', { name: 'AI Match' }).getAttribute('href')).resolves.toBe('/ai-match');
    await expect(inPortal.getByRole('link', { name: 'Stage overview per week' }).getAttribute('href')).resolves.toBe(
      '/dashboard/ta-dashboard-weekly',
    );
    await expect(inPortal.getByRole('link', { name: 'Active credits' }).getAttribute('href')).resolves.toBe(
      '/credits/active-credits',
    );

    // The actions open here, in the console (tests/e2e/console-credits.test.ts follows each through).
    await page.getByRole('button', { name: 'Generate order form' }).click();
    await page.getByRole('dialog', { name: 'Generate order form' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add credits' }).click();
    await page.getByRole('dialog', { name: 'Add credits' }).waitFor();
    expect(page.url()).toContain('/admin/credits');
    await expect(page.getByRole('link', { name: 'Add credits' }).count()).resolves.toBe(0);
  });
});
