/**
 * A console screen that failed to load says so once, in a real browser: the list's or the record's own failure state
 * (why, with Try again) and no notification beside it repeating the failure. A failed save still raises its
 * notification: it has no other place to say so.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});

/** Answers every read matching `pattern` with the server's failure (or no answer at all). */
async function failReads(page: Page, pattern: RegExp, how: 'server' | 'network' = 'server') {
  await page.route(pattern, (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    return how === 'server'
      ? route.fulfill({ status: 500, json: { error: { code: 'errors.internalServerError' } } })
      : route.abort('failed');
  });
}

/** The screen's one failure message, and no notification (react-admin's snackbar) beside it. */
async function saidOnce(page: Page, title: string | RegExp) {
  const failed = page.getByRole('alert').filter({ hasText: title });
  await failed.waitFor({ timeout: 20_000 });
  // A notification would have been raised with the failure, in the same turn: give it time to show.
  await page.waitForTimeout(1500);
  await expect(page.locator('.MuiSnackbar-root').count()).resolves.toBe(0);
  await expect(page.getByRole('alert').count()).resolves.toBe(1);
  await failed.getByRole('button', { name: 'Try again' }).waitFor();
}

describe('A console screen that failed to load', () => {
  it.each([
    ['1440×900', LAPTOP],
    ['390×844', PHONE],
  ])(
    'a list at %s says so once, with Try again',
    async (_size, viewport) => {
      const page = await e2e.signIn('admin@example.com', viewport, null, { shared: true });
      await failReads(page, /\/api\/v1\/companies\?/);
      await page.goto(`${e2e.baseUrl}/admin/companies`);
      await saidOnce(page, 'Could not load the companies');
    },
    90_000,
  );

  it('the talent list that got no answer says so once', async () => {
    const page = await e2e.signIn('admin@example.com', LAPTOP, null, { shared: true });
    await failReads(page, /\/api\/v1\/candidates\?/, 'network');
    await page.goto(`${e2e.baseUrl}/admin/talent`);
    await saidOnce(page, /Could not load the /);
  }, 90_000);

  it('an edit screen whose record failed to load says so once', async () => {
    const company = await e2e.db.knex('companies').where('company_name', 'Acme').first('id');
    const page = await e2e.signIn('admin@example.com', LAPTOP, null, { shared: true });
    await failReads(page, new RegExp(`/api/v1/companies/Company%3A${company.id}$`));
    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`);
    await saidOnce(page, 'Could not load this company');
  }, 90_000);

  it('a record page whose related list failed to load says so once', async () => {
    const company = await e2e.db.knex('companies').where('company_name', 'Acme').first('id');
    const page = await e2e.signIn('admin@example.com', LAPTOP, null, { shared: true });
    await failReads(page, /\/api\/v1\/company-users\?/);
    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`);
    await saidOnce(page, /Could not load the /);
  }, 90_000);

  it('a failed save still says so in a notification', async () => {
    const company = await e2e.db.knex('companies').where('company_name', 'Acme').first('id', 'company_name');
    const page = await e2e.signIn('admin@example.com', LAPTOP, null, { shared: true });
    await page.route(new RegExp(`/api/v1/companies/Company%3A${company.id}$`), (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { error: { code: 'errors.internalServerError' } } })
        : route.continue(),
    );
    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`);
    const name = page.getByRole('textbox', { name: 'Company name' });
    await expect.poll(() => name.inputValue(), { timeout: 20_000 }).toBe(company.company_name);
    await name.fill(`${company.company_name} Co`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.MuiSnackbar-root').getByRole('alert').waitFor({ timeout: 15_000 });
  }, 90_000);
});
