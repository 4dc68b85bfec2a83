/**
 * A console list opened with a sort or page size it cannot take falls back to its defaults (spec
 * section 5) instead of an error the console keeps for every later visit: a spec-style link's
 * sort the resource does not declare sortable, a page size beyond the API's largest, or a sort
 * react-admin remembers that the API refuses. And the sales-order export's Lot column names the
 * lot as its page does ('#7'), never the id of the company the lot belongs to.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloaded, followInApp, signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
const ORDER = 'CONSOLEFIX-0001';
let lotId: number;

beforeAll(async () => {
  e2e = await startE2E();
  const { knex } = e2e.db;
  const acme = await knex('companies').where('company_name', 'ilike', 'Acme%').orderBy('id').first('id');
  [{ id: lotId }] = await knex('credit_lots')
    .insert({ company_id: acme.id, quantity: 10, remaining: 10, expiry_date: '2099-12-31', source: 3 })
    .returning('id');
  await knex('sales_orders').insert({
    order_number: ORDER,
    channel: 1,
    status: 1,
    company_id: acme.id,
    quantity: 10,
    unit_price: 100,
    discount_percent: 0,
    total: 1000,
    currency: 'SGD',
    lot_id: lotId,
    paid_at: new Date(),
  });
});

async function consolePage(): Promise<Page> {
  const page = await e2e.newPage();
  await signInAtConsole(e2e, page, 'admin@example.com');
  await page.getByRole('navigation', { name: 'Console menu' }).waitFor();
  return page;
}

/** Opens `path` and waits for the list's rows: a list answered, with its column headers and at least one row. */
async function expectRows(page: Page, path: string, resource: string, noMatches: string): Promise<void> {
  await page.goto(`${e2e.baseUrl}${path}`);
  await page.waitForURL((url) => url.pathname === `/admin/${resource}`);
  await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.locator('table thead th').count()).toBeGreaterThan(0);
  expect(await page.getByText(noMatches).count()).toBe(0);
}

/** A CSV line's cells (quoted cells may hold commas and doubled quotes). */
function cells(line: string): string[] {
  const out: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m = re.exec(line); m && m.index < line.length; m = re.exec(line)) {
    out.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    if (!m[2]) break;
  }
  return out;
}

describe('Console lists opened with a sort or page size they cannot take', () => {
  it('A spec-style sort the tags do not have (sortBy=la) opens the tags in their default order', async () => {
    const page = await consolePage();
    await expectRows(page, '/admin/tags?sortBy=la', 'tags', 'No tags match');
    expect(new URL(page.url()).searchParams.get('sort')).not.toBe('lastActiveAt');
  });

  it('A sort the API refuses, once remembered, is dropped and the tags open again from the menu', async () => {
    const page = await consolePage();
    await expectRows(page, '/admin/tags?sort=lastActiveAt&order=DESC', 'tags', 'No tags match');
    // The Tags menu entry's address: the list as react-admin remembers it.
    await followInApp(page, '/admin/companies');
    await page.waitForURL((url) => url.pathname === '/admin/companies');
    await followInApp(page, '/admin/tags');
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('sort')).not.toBe('lastActiveAt');
  });

  it('A page size beyond the largest the API gives (pp=5000) still lists the companies', async () => {
    const page = await consolePage();
    await expectRows(page, '/admin/companies?pp=5000', 'companies', 'No companies match');
  });
});

describe('Sales-order export', () => {
  it('Writes a paid order\u2019s lot as its page names it, not as its company\u2019s id', async () => {
    const page = await consolePage();
    await page.goto(`${e2e.baseUrl}/admin/sales-orders?filter=${encodeURIComponent(JSON.stringify({ q: ORDER }))}`);
    await page.getByText(ORDER, { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    const lines = (await downloaded(download))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    const header = cells(lines[0]);
    // The "Lot" column, labelled 'Credit lot' on sales orders.
    const lot = header.findIndex((name) => /\blot\b/i.test(name));
    expect(lot, lines[0]).toBeGreaterThanOrEqual(0);
    const row = cells(lines.find((line) => line.includes(ORDER)) as string);
    expect(row[lot]).not.toMatch(/^Company:/);
    expect(row[lot]).toBe(`#${lotId}`);
  });
});
