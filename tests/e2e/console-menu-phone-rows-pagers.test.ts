/**
 * Words the console and the portal's tables show whole and alike:
 * - every entry of the console's side menu reads whole at 1440×900 (a long label wraps instead of "Pending compani…"),
 *   and in the phone's drawer, which stays within the screen;
 * - a console list on a phone tells its rows apart: a credit movement's row shows its amount, day and company;
 * - the portal's tables write their pager from the catalogue: "Rows per page", and the range as every list does
 *   ("1–25 of 2,000").
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
const ADMIN = 'admin@example.com';
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  e2e = await startE2E();
});

/** Whether an element's text is shown whole: nothing cut off under an ellipsis. */
const whole = (el: Locator) => el.evaluate((node) => node.scrollWidth <= node.clientWidth);

/** A touch phone's page (isMobile, hasTouch) signed in as the admin, on `at`. */
async function phonePage(at: string): Promise<Page> {
  const signed = await e2e.signIn(ADMIN, undefined, null, { shared: true });
  const context = await e2e.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  onTestFinished(() => context.close());
  await context.addCookies(await signed.context().cookies());
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}${at}`);
  return page;
}

/** The labels of the console menu's entries, each with whether it reads whole. */
async function menuLabels(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Console menu' });
  const labels = nav.locator('.MuiListItemText-primary');
  await labels.first().waitFor();
  const out: { text: string; whole: boolean }[] = [];
  for (const label of await labels.all())
    if (await label.isVisible()) out.push({ text: await label.innerText(), whole: await whole(label) });
  return out;
}

describe('The console menu', () => {
  it('shows every entry whole at 1440×900, the long ones on two lines', async () => {
    const page = await e2e.signIn(ADMIN, { width: 1440, height: 900 }, '/admin/credit-logs');
    const labels = await menuLabels(page);
    for (const name of ['Saved-search alerts', 'Stage overview per week', 'Project overview per week'])
      expect(labels.map((l) => l.text)).toContain(name);
    expect(labels.filter((l) => !l.whole).map((l) => l.text)).toEqual([]);
  });

  it("shows every entry whole in the phone's drawer, which fits the screen", async () => {
    const page = await phonePage('/admin/credit-logs');
    await page.getByRole('button', { name: /open menu/i }).click();
    const labels = await menuLabels(page);
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.filter((l) => !l.whole).map((l) => l.text)).toEqual([]);
    const drawer = await page.locator('.MuiDrawer-paper').first().boundingBox();
    expect(drawer!.x + drawer!.width).toBeLessThanOrEqual(PHONE.width);
  });
});

describe('A console list on a phone', () => {
  it("shows a credit movement's amount, day and company under its action", async () => {
    const { knex } = e2e.db;
    const company = await knex('companies').orderBy('id').first('id', 'company_name');
    const [log] = await knex('credit_logs')
      .insert({ company_id: company.id, action: 1, amount: -37.5, balance_after: 12.5, note: 'fx9 phone row' })
      .returning(['id', 'created_at']);
    const page = await phonePage('/admin/credit-logs');
    const line = page.getByTestId('compact-row').filter({ hasText: '-37.5' });
    await line.waitFor();
    const row = line.locator('xpath=ancestor::li[1]');
    const text = await row.innerText();
    expect(text).toContain('-37.5');
    expect(text).toContain(company.company_name);
    const day = new Date(log.created_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
    expect(text).toContain(day);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe("The portal's table pagers", () => {
  it.each([
    ['the interview requests', '/dashboard/interview-request'],
    ['the recruitment activity', '/dashboard/ta-recruitment-activity'],
  ])('on %s read "Rows per page" and the range from the catalogue', async (_name, at) => {
    const page = await e2e.signIn(ADMIN, { width: 1440, height: 900 }, at, { shared: true });
    const pager = page.locator('.MuiTablePagination-root').first();
    await pager.waitFor();
    const text = await pager.innerText();
    expect(text).toContain('Rows per page');
    expect(text).not.toContain('Rows per page:');
    expect(text).toMatch(/\d[\d,]*–[\d,]+ of [\d,]+/);
    await expect(pager.getByRole('button', { name: 'Go to next page' }).count()).resolves.toBe(1);
  });
});
