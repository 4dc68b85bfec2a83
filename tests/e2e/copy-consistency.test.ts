/**
 * One name for one thing, in both front ends, at 1440×900 and on a 390×844 touch phone: a credit charge names its
 * project in the portal's credit history and the console's credit log (its title, a link to it, "Deleted project"
 * once gone); an order awaiting payment says so in both; the project form names the notice period and its options
 * as the search and the candidate's profile do; the bell's Archived tab, empty, says so rather than "all caught up".
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let raas: { id: number; ownerId: number };
let project: { id: number; title: string };

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const GONE_ID = 2_000_000_001;

beforeAll(async () => {
  e2e = await startE2E();
  const row = await e2e.db
    .knex('companies')
    .join('company_users', 'company_users.company_id', 'companies.id')
    .where('company_users.email', 'owner@raas.example.com')
    .first('companies.id', 'company_users.id as owner_id');
  raas = { id: row.id, ownerId: row.owner_id };
  project = await e2e.db.knex('projects').where('company_id', raas.id).orderBy('id').first('id', 'title');
  // Two charges as the ledger writes them: one for a project that exists, one for a project since deleted.
  const last = await e2e.db
    .knex('credit_logs')
    .where('company_id', raas.id)
    .orderBy('id', 'desc')
    .first('balance_after');
  const balance = Number(last?.balance_after ?? 0);
  await e2e.db.knex('credit_logs').insert([
    {
      company_id: raas.id,
      action: 5,
      amount: -1,
      balance_after: balance,
      project_id: GONE_ID,
      by_name: 'Fx Gone',
      idempotency_key: `fx8-gone-${Date.now()}`,
    },
    {
      company_id: raas.id,
      action: 5,
      amount: -1,
      balance_after: balance,
      project_id: project.id,
      by_name: 'Fx Named',
      idempotency_key: `fx8-named-${Date.now()}`,
    },
  ]);
});

/** A touch phone's page with `signed`'s session. */
async function phonePage(browser: Browser, signed: Page): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  onTestFinished(() => context.close());
  await context.addCookies(await signed.context().cookies());
  return context.newPage();
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

describe('A credit charge names its project', () => {
  it("in the RaaS owner's credit history: the title as a link, and a deleted project as such, on a laptop and a phone", async () => {
    const page = await e2e.signIn('owner@raas.example.com', LAPTOP, '/credits/company');
    const check = async (p: Page) => {
      const named = p.getByTestId('credit-log-entry').filter({ hasText: 'Fx Named' });
      await named.waitFor();
      const link = named.getByRole('link', { name: project.title });
      await expect(link.getAttribute('href')).resolves.toBe(`/project/${encodeURIComponent(`Project:${project.id}`)}`);
      await expect(p.getByTestId('credit-log-entry').filter({ hasText: 'Fx Gone' }).innerText()).resolves.toContain(
        'Deleted project',
      );
    };
    await check(page);
    const phone = await phonePage(e2e.browser, page);
    await phone.goto(`${e2e.baseUrl}/credits/company`);
    await check(phone);
    await noSidewaysScroll(phone);
  });

  it("in the console's credit log: the project's title linking to its record", async () => {
    const page = await e2e.signIn('admin@example.com', LAPTOP, '/admin/credit-logs?filter=%7B%7D');
    const named = page.getByRole('row').filter({ hasText: 'Fx Named' });
    await named.waitFor();
    await named.getByText(project.title).waitFor();
    await expect(named.innerText()).resolves.not.toMatch(new RegExp(`\\b${project.id}\\b\\s*$`));
    await page.getByRole('row').filter({ hasText: 'Fx Gone' }).getByText('Deleted project').waitFor();
  });
});

describe('An order awaiting payment', () => {
  it('reads "Awaiting payment" in the portal and in the console', async () => {
    const page = await e2e.signIn('admin@example.com', LAPTOP, null);
    const res = await page.request.post(`${e2e.baseUrl}/api/v1/credit/sales-order`, {
      data: { companyId: `Company:${raas.id}`, userId: `User:${raas.ownerId}`, noOfCredits: 2 },
    });
    expect(res.status(), await res.text()).toBe(201);
    const number = (await res.json()).orderNumber as string;
    await page.goto(`${e2e.baseUrl}/credits/active-credits`);
    const portalRow = page.getByTestId('sales-order').filter({ hasText: number });
    await portalRow.waitFor();
    await expect(portalRow.innerText()).resolves.toContain('Awaiting payment');
    await page.goto(`${e2e.baseUrl}/admin/sales-orders?filter=%7B%7D`);
    const consoleRow = page.getByRole('row').filter({ hasText: number });
    await consoleRow.waitFor();
    await expect(consoleRow.innerText()).resolves.toContain('Awaiting payment');
    await expect(consoleRow.innerText()).resolves.not.toContain('Pending');
  });
});

describe('The notice period', () => {
  it("the project form names it and its options as the search and the candidate's profile do", async () => {
    const page = await e2e.signIn('owner@acme.example.com', LAPTOP, '/projects?add_project=true');
    await page.getByRole('combobox', { name: 'Notice period' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    const words = (await options.allInnerTexts()).map((s) => s.trim()).filter(Boolean);
    expect(words).toEqual(expect.arrayContaining(['Immediate', '1 month', '2 months', '3 months or more']));
    await expect(page.getByText('Start date', { exact: true }).count()).resolves.toBe(0);
  });
});

describe('The bell with nothing in it', () => {
  it('says all caught up on All, and that nothing is archived on Archived, on a laptop and a phone', async () => {
    const user = await e2e.db.knex('company_users').where('email', 'member@acme.example.com').first('id');
    await e2e.db.knex('notifications').where({ recipient_kind: 2, recipient_id: user.id }).delete();
    const page = await e2e.signIn('member@acme.example.com', LAPTOP);
    const check = async (p: Page) => {
      await p
        .getByRole('button', { name: /^Notifications/ })
        .first()
        .click();
      await p.getByRole('tab', { name: 'All' }).click();
      await p.getByText('You are all caught up.').waitFor();
      await p.getByRole('tab', { name: 'Archived' }).click();
      await p.getByText('No archived notifications', { exact: false }).waitFor();
      await expect(p.getByText('You are all caught up.').count()).resolves.toBe(0);
    };
    await check(page);
    const phone = await phonePage(e2e.browser, page);
    await phone.goto(`${e2e.baseUrl}/projects`);
    await check(phone);
    await noSidewaysScroll(phone);
  });
});
