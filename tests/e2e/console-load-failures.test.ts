/**
 * The console when a read fails, in a real browser: a list that could not be loaded says so and why (the server's
 * failure, or no answer at all) with Try again, never its empty state ("No companies match these filters") nor a
 * pager counting rows; Try again once the server answers shows the rows. An edit page whose record failed to load
 * (500) says so on the page with Try again, never "This record no longer exists"; a record the server does not have
 * (404) is still told as gone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});

const SERVER = 'The server ran into a problem. Try again in a moment.';
const OFFLINE = 'The server could not be reached: check your connection, then try again.';
const GONE = 'This record no longer exists';

/** Fails the first `count` requests matching `pattern` (a 500, or no answer at all), then lets them through. */
async function failFirst(page: Page, pattern: RegExp, how: 'server' | 'network', count = 1) {
  let left = count;
  await page.route(pattern, (route) => {
    if (left-- <= 0) return route.continue();
    return how === 'server'
      ? route.fulfill({ status: 500, json: { error: { code: 'errors.internalServerError' } } })
      : route.abort('failed');
  });
}

describe('The console when a read fails', () => {
  it('shows a failed companies list as not loaded with Try again, then its rows', async () => {
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, null);
    await failFirst(page, /\/api\/v1\/companies\?/, 'server');
    await page.goto(`${e2e.baseUrl}/admin/companies`);
    const failed = page.getByRole('alert').filter({ hasText: 'Could not load the companies' });
    await failed.waitFor({ timeout: 15_000 });
    await failed.getByText(SERVER).waitFor();
    await expect(page.getByText('No companies match these filters').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Clear filters' }).count()).resolves.toBe(0);
    await expect(page.getByText(/\d+-\d+ of \d+/).count()).resolves.toBe(0);

    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('row').filter({ hasText: 'Acme' }).first().waitFor({ timeout: 15_000 });
    await expect(failed.count()).resolves.toBe(0);
    await page.close();
  }, 60_000);

  it('says the talent list got no answer when the network drops, and loads it on Try again', async () => {
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, null);
    await failFirst(page, /\/api\/v1\/candidates\?/, 'network');
    await page.goto(`${e2e.baseUrl}/admin/talent`);
    const failed = page.getByRole('alert').filter({ hasText: /Could not load the / });
    await failed.waitFor({ timeout: 15_000 });
    await failed.getByText(OFFLINE).waitFor();
    await expect(page.getByText(/match these filters/).count()).resolves.toBe(0);
    await expect(page.getByText(/\d+-\d+ of \d+/).count()).resolves.toBe(0);

    await failed.getByRole('button', { name: 'Try again' }).click();
    await failed.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.close();
  }, 60_000);

  it('keeps an edit page whose record failed to load, says why, and loads it on Try again', async () => {
    const company = await e2e.db.knex('companies').where('company_name', 'Acme').first('id');
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, null);
    await failFirst(page, new RegExp(`/api/v1/companies/Company%3A${company.id}$`), 'server');
    const path = `/admin/companies/Company%3A${company.id}`;
    await page.goto(`${e2e.baseUrl}${path}`);
    const failed = page.getByRole('alert').filter({ hasText: 'Could not load this company' });
    await failed.waitFor({ timeout: 15_000 });
    await failed.getByText(SERVER).waitFor();
    await expect(page.getByText(GONE).count()).resolves.toBe(0);
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(decodeURIComponent(path));

    await failed.getByRole('button', { name: 'Try again' }).click();
    await page.getByLabel('Valid domains').waitFor({ timeout: 15_000 });
    await expect(failed.count()).resolves.toBe(0);
    await expect(page.getByText(GONE).count()).resolves.toBe(0);
    await page.close();
  }, 60_000);

  it('keeps a talent profile that got no answer, says so, and shows it on Try again', async () => {
    const talent = await e2e.db.knex('candidates').whereNotNull('first_name').first('id', 'first_name');
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, null);
    await failFirst(page, new RegExp(`/api/v1/candidates/Candidate%3A${talent.id}$`), 'network');
    await page.goto(`${e2e.baseUrl}/admin/talent/Candidate%3A${talent.id}`);
    const failed = page.getByRole('alert').filter({ hasText: 'This profile could not be loaded.' });
    await failed.waitFor({ timeout: 15_000 });
    await failed.getByText(OFFLINE).waitFor();
    await expect(page.getByText(GONE).count()).resolves.toBe(0);

    await failed.getByRole('button', { name: 'Try again' }).click();
    await failed.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText(talent.first_name).first().waitFor();
    await page.close();
  }, 60_000);

  it('still says a record the server does not have no longer exists', async () => {
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, null);
    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A987654321`);
    await page.getByText(GONE).waitFor({ timeout: 15_000 });
    await expect(page.getByText('Could not load this company').count()).resolves.toBe(0);
    await page.waitForURL((url) => url.pathname === '/admin/companies');
    await page.close();
  }, 60_000);
});
