/**
 * The team page and the console on a phone (390×844): a company's users listed on its console page read whole with
 * no cut cell, each team member's actions within the screen, the team status tabs all reachable, and the console's
 * profile button inside the bar; on a laptop (1440×900) the console keeps its table and the team page its table.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };
const OWNER = 'owner@raas.example.com';

let e2e: E2E;
let companyId: string;
let member: { email: string; name: string };

beforeAll(async () => {
  e2e = await startE2E();
  const company = await e2e.db.knex('companies').where('company_name', 'Northwind Talent').first('id');
  companyId = String(company.id);
  // A colleague the owner may manage: active, not the owner, with a name.
  const row = await e2e.db
    .knex('company_users')
    .where({ company_id: company.id, status: 1, role: 2 })
    .whereNot('email', OWNER)
    .whereNotNull('first_name')
    .orderBy('email')
    .first('email', 'first_name', 'last_name');
  member = { email: row.email, name: `${row.first_name} ${row.last_name}` };
});

/** The console at a path (signed in first: signIn's console wait looks for the menu a phone keeps folded). */
const consoleAt = async (viewport: { width: number; height: number }, path: string) => {
  const page = await e2e.signIn('admin@example.com', viewport, null);
  await page.goto(`${e2e.baseUrl}${path}`);
  return page;
};

const companyPage = async (viewport: { width: number; height: number }) => {
  const page = await consoleAt(viewport, `/admin/companies/Company:${companyId}`);
  const users = page.getByRole('region', { name: 'Users' });
  await users.getByText(OWNER, { exact: true }).first().waitFor();
  return { page, users };
};

describe('The console on a phone', () => {
  it("A company's users read whole on a phone, with no cell cut to a few characters", async () => {
    const { page, users } = await companyPage(PHONE);
    const owner = users.getByText(OWNER, { exact: true }).first();
    // Cut when the text or a box around it (up to the section) clips what it holds.
    const whole = await owner.evaluate((el) => {
      let cut = false;
      for (let box: Element | null = el; box && box.tagName !== 'SECTION'; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible' && box.scrollWidth > box.clientWidth + 1) cut = true;
      return { right: el.getBoundingClientRect().right, cut };
    });
    expect(whole.cut).toBe(false);
    expect(whole.right).toBeLessThanOrEqual(390);
    const cutCells = await users
      .locator('td')
      .evaluateAll((cells) => cells.filter((td) => td.scrollWidth > td.clientWidth + 1).length);
    expect(cutCells).toBe(0);
    // A user opens from their line.
    await owner.click();
    await page.waitForURL((url) => !url.pathname.includes('/companies/'));
  });

  it("On a laptop the company's users stay a table", async () => {
    const { users } = await companyPage(LAPTOP);
    await users.locator('table').waitFor();
    await expect(users.getByRole('columnheader', { name: 'Email' }).count()).resolves.toBe(1);
  });

  it('The profile button sits inside the top bar on a phone', async () => {
    const page = await consoleAt(PHONE, '/admin/companies');
    // The profile (user menu) button is the bar's last.
    await page.getByText('Acme', { exact: true }).first().waitFor();
    const profile = page.locator('header button').last();
    const box = await profile.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });

  it('On a laptop the top bar keeps its refresh button', async () => {
    const page = await consoleAt(LAPTOP, '/admin/companies');
    await page.locator('header').getByRole('button', { name: 'Refresh' }).waitFor();
  });
});

describe('The team page on a phone', () => {
  it("A member's actions button is within the screen, beside their name, role and status", async () => {
    const page = await e2e.signIn(OWNER, PHONE, '/team');
    const row = page.locator(`[data-user-email="${member.email}"]`);
    await row.getByText(member.name).waitFor();
    await row.getByText('Member', { exact: true }).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    const actions = row.getByRole('button', { name: `Actions for ${member.email}` });
    const box = await actions.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await actions.click();
    await page.getByRole('menuitem', { name: 'Make admin' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  });

  it('Every status tab can be reached: the last is within the screen or the tabs scroll to it', async () => {
    const page = await e2e.signIn(OWNER, PHONE, '/team');
    const tabs = page.getByRole('tablist', { name: /status/i });
    const inactive = tabs.getByRole('tab', { name: 'Inactive' });
    await inactive.waitFor();
    const fits = async () => {
      const box = await inactive.boundingBox();
      return !!box && box.x + box.width <= 390 - 16;
    };
    if (!(await fits())) {
      // A phone swipes the tabs: a sideways scroll over them must move them to reveal the last one.
      const tabsBox = await tabs.boundingBox();
      await page.mouse.move(tabsBox!.x + tabsBox!.width / 2, tabsBox!.y + tabsBox!.height / 2);
      await page.mouse.wheel(400, 0);
      await expect.poll(fits, { timeout: 3000 }).toBe(true);
    }
    await inactive.click();
    await expect.poll(() => inactive.getAttribute('aria-selected')).toBe('true');
  });

  it('On a laptop the team stays a table with every column', async () => {
    const page = await e2e.signIn(OWNER, LAPTOP, '/team');
    await page.locator(`tr[data-user-email="${member.email}"]`).waitFor();
    await page.getByRole('columnheader', { name: 'Last active' }).waitFor();
  });
});
