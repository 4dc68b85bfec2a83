/**
 * Console lists on a laptop (1440×900): every table fits its page without sideways scrolling and
 * keeps each row on one line, long values cut with their full text on hover; on a phone (390×844)
 * one line per record. Screenshots go to SCREENSHOT_DIR when it is set, for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
/** The admin's tab, signed in once (codes are rate limited) and resized for the phone. */
let page: Page;
const SHOTS = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  e2e = await startE2E();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  page = await consolePage();
  // Two credit lots, so the credits list has rows to lay out.
  const company = await e2e.db.knex('companies').where('company_name', 'Acme').first('id');
  // They expire a year from today (a UTC day): the list shows only lots not yet expired.
  const expiry = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const lot = { company_id: company.id, quantity: 12, remaining: 7.5, expiry_date: expiry, source: 1 };
  await e2e.db.knex('credit_lots').insert([lot, { ...lot, quantity: 40, remaining: 40, source: 3 }]);
});

async function consolePage(): Promise<Page> {
  const tab = await (await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await tab.goto(`${e2e.baseUrl}/admin/login`);
  await tab.getByLabel('Work email').fill('admin@example.com');
  await tab.getByRole('button', { name: 'Send code' }).click();
  await tab.getByLabel('Six-digit code').waitFor();
  await tab.getByLabel('Six-digit code').fill(await e2e.lastCode('admin@example.com'));
  await tab.getByRole('button', { name: 'Sign in' }).click();
  await tab.waitForURL((url) => !url.pathname.endsWith('/login'));
  return tab;
}

const shot = async (name: string, fullPage = false) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
};

const LISTS = [
  ['talent', '/admin/talent?filter=%7B%7D'],
  ['company users', '/admin/company-users?filter=%7B%7D'],
  ['companies', '/admin/companies?filter=%7B%7D'],
  ['credits', '/admin/credits?filter=%7B%7D'],
  ['tags', '/admin/tags?filter=%7B%7D'],
] as const;

describe('Console tables on a laptop and a phone', () => {
  it.each(LISTS)('The %s table fits a 1440×900 screen with one line per row', async (name, url) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${e2e.baseUrl}${url}`);
    await page.locator('tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(`laptop-${name.replace(' ', '-')}`);

    const sizes = await page.evaluate(() => {
      const table = document.querySelector('table') as HTMLElement;
      const wrapper = table.parentElement as HTMLElement;
      const rows = [...document.querySelectorAll('tbody tr')] as HTMLElement[];
      return {
        table: table.scrollWidth,
        room: wrapper.clientWidth,
        page: document.documentElement.scrollWidth,
        tallestRow: Math.max(...rows.map((r) => r.getBoundingClientRect().height)),
      };
    });
    expect(sizes.table, `table ${sizes.table}px in ${sizes.room}px`).toBeLessThanOrEqual(sizes.room);
    expect(sizes.page).toBeLessThanOrEqual(1440);
    // One line of text (plus a small chip or avatar) per row: no two- or three-line wraps.
    expect(sizes.tallestRow).toBeLessThanOrEqual(56);
  });

  it('A cut value keeps its full text on hover', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${e2e.baseUrl}/admin/company-users?filter=%7B%7D`);
    await page.locator('tbody tr').first().waitFor();
    const cells = page.locator('tbody td.column-email');
    const cut = await cells.evaluateAll((els) => els.findIndex((el) => el.scrollWidth > el.clientWidth));
    expect(cut, 'an address longer than its column').toBeGreaterThanOrEqual(0);
    const cell = cells.nth(cut);
    await cell.hover();
    const { title, text } = await cell.evaluate((el) => ({
      title: (el as HTMLElement).title,
      text: el.textContent?.trim(),
    }));
    expect(text).toMatch(/@/);
    expect(title).toBe(text);
  });

  it.each(LISTS)(
    'On a phone the %s list shows one line per record, with nothing to scroll sideways',
    async (name, url) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${e2e.baseUrl}${url}`);
      await page.locator('.RaSimpleList-root, .MuiList-root li').first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot(`phone-${name.replace(' ', '-')}`);
      expect(await page.locator('table').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    },
  );

  it("A company's page lists its users with their role, status and last activity, each opening the user", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const acme = await e2e.db.knex('companies').where('company_name', 'Acme').first('id');
    const users = await e2e.db.knex('company_users').where('company_id', acme.id).select('email');
    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${acme.id}`);
    const section = page.getByRole('region', { name: 'Users' });
    await section.getByRole('heading', { name: `Users (${users.length})` }).waitFor();
    await expect.poll(() => section.locator('tbody tr').count()).toBe(users.length);
    for (const { email } of users) await section.getByRole('cell', { name: email, exact: true }).waitFor();
    const headings = (await section.locator('thead th').allInnerTexts()).map((h) => h.trim());
    expect(headings).toEqual(['Name', 'Email', 'Role', 'Status', 'Last active']);
    await shot('company-users-on-company', true);

    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${acme.id}/show`);
    await section.getByRole('cell', { name: 'owner@acme.example.com', exact: true }).click();
    await page.waitForURL(/\/admin\/company-users\/User%3A\d+$/);
    await expect(page.getByRole('textbox', { name: 'Email' }).inputValue()).resolves.toBe('owner@acme.example.com');
  });

  it('The tag list draws each icon, and the tag form offers the icons to pick from', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${e2e.baseUrl}/admin/tags?filter=%7B%7D`);
    const hot = page.getByRole('row').filter({ hasText: 'Hot profile' });
    await hot.locator('[data-icon="whatshot"] svg').waitFor();
    await expect(hot.innerText()).resolves.not.toContain('whatshot');
    await hot.getByRole('cell', { name: 'Hot profile', exact: true }).click();
    const icons = page.getByRole('radiogroup', { name: 'Icon' });
    await expect.poll(() => icons.getByRole('radio', { name: 'Hot' }).getAttribute('aria-checked')).toBe('true');
    await shot('tag-icon-picker');
  });
});
