/**
 * Console lists as an admin meets them: a column chooser on a laptop, and one line per record on a
 * phone with no table to scroll sideways.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

async function consolePage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.newPage(viewport);
  await page.goto(`${e2e.baseUrl}/admin/login`);
  await page.getByLabel('Work email').fill('admin@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Six-digit code').waitFor();
  await page.getByLabel('Six-digit code').fill(await e2e.lastCode('admin@example.com'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return page;
}

describe('Console tables', () => {
  it.each(['companies', 'talent'])('The %s list offers a column chooser beside its filters', async (path) => {
    const page = await consolePage({ width: 1440, height: 900 });
    await page.goto(`${e2e.baseUrl}/admin/${path}?filter=%7B%7D`);
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: /columns/i }).waitFor();
  });

  it('On a phone the company list shows one line per company, with no table to scroll sideways', async () => {
    const page = await consolePage({ width: 390, height: 844 });
    await page.goto(`${e2e.baseUrl}/admin/companies?filter=%7B%7D`);
    await page.getByText('Acme', { exact: true }).waitFor();
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
