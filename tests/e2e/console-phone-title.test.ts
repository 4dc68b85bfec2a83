/**
 * The console's page title in its app bar on a touch phone (390×844), in a real browser: a record's page ("Company:
 * <a long name>") and a list with a long name read whole in the bar (wrapped, never cut), the bar's buttons stay inside
 * the screen and nothing overflows sideways; the whole title is also the bar title's accessible name and tooltip. On a
 * laptop (1440×900) the title keeps one line beside the product name.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };
const LONG_NAME = 'Globex Analytics International Holdings';

let e2e: E2E;
let companyId: number;
beforeAll(async () => {
  e2e = await startE2E();
  const company = await e2e.db.knex('companies').where('company_name', 'Globex Analytics').first('id');
  companyId = company.id;
  await e2e.db.knex('companies').where('id', companyId).update({ company_name: LONG_NAME });
});

/** A console page on a touch phone, or a laptop. */
async function open(path: string, phone: boolean): Promise<Page> {
  const signed = await e2e.signIn('admin@example.com', undefined, null, { shared: true });
  const context = await e2e.browser.newContext(
    phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: LAPTOP },
  );
  onTestFinished(() => context.close());
  await context.addCookies(await signed.context().cookies());
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}${path}`);
  return page;
}

/** The bar's title as drawn: its text, whether any of it is cut or hidden, and where it ends. */
const drawn = (page: Page) =>
  page.locator('#react-admin-title').evaluate((el) => {
    const box = el.getBoundingClientRect();
    const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
    return {
      text: (el.textContent ?? '').trim(),
      cut,
      lines: Math.round(box.height / lineHeight),
      left: box.left,
      right: box.right,
    };
  });

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

/** Every button of the app bar inside the screen. */
const barButtonsInside = (page: Page, width: number) =>
  page.locator('header button').evaluateAll(
    (buttons, w) =>
      buttons
        .filter((b) => (b as HTMLElement).offsetParent !== null)
        .every((b) => {
          const r = b.getBoundingClientRect();
          return r.left >= 0 && r.right <= w;
        }),
    width,
  );

describe("The console's page title on a phone", () => {
  it.each([
    ['a record page', () => `/admin/companies/Company%3A${companyId}`, `Company: ${LONG_NAME}`],
    ['a list', () => '/admin/erasure-requests', 'Erasure requests'],
  ])(
    'reads %s whole in the app bar at 390×844',
    async (_what, path, expected) => {
      const page = await open(path(), true);
      const title = page.locator('#react-admin-title');
      await expect
        .poll(async () => (await title.textContent())?.trim().length ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(0);
      if (expected) await expect.poll(async () => (await title.textContent())?.trim()).toBe(expected);
      const shown = await drawn(page);
      expect(shown.cut, `"${shown.text}" is cut`).toBe(false);
      expect(shown.right).toBeLessThanOrEqual(PHONE.width);
      // The whole title is its name and its tooltip too.
      await expect(title.getAttribute('title')).resolves.toBe(shown.text);
      expect(await fitsWidth(page)).toBe(true);
      expect(await barButtonsInside(page, PHONE.width)).toBe(true);
    },
    90_000,
  );

  it('keeps one line on a laptop at 1440×900', async () => {
    const page = await open(`/admin/companies/Company%3A${companyId}`, false);
    const title = page.locator('#react-admin-title');
    await expect
      .poll(async () => (await title.textContent())?.trim(), { timeout: 20_000 })
      .toBe(`Company: ${LONG_NAME}`);
    const shown = await drawn(page);
    expect(shown.cut).toBe(false);
    expect(shown.lines).toBe(1);
    await page.getByText('Talentbase', { exact: true }).first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
  }, 90_000);
});
