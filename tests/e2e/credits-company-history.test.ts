/**
 * Credits in a real browser, two defects of the credit screens: a RaaS company's credit history
 * pages through all of its entries ('x–y of N'), not only the first 25; and a double click on Save
 * in the admin's Add credits dialog sends one request (Save is disabled and reads 'Saving…' while
 * it runs) and makes one lot.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '../../backend/features/credits';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Credits', () => {
  it("A RaaS company reaches every entry of its credit history, 25 a page with 'x–y of N'", async () => {
    const { knex } = e2e.db;
    const owner = await knex('company_users').where('email', 'owner@raas.example.com').first('company_id');
    const admin = await knex('admins').where('email', 'admin@example.com').first('id');
    for (let i = 0; i < 30; i += 1)
      await knex.transaction((trx) =>
        grantCredits(trx, {
          companyId: owner.company_id,
          amount: 1,
          expiryDate: day(200),
          source: 'admin',
          actor: { role: 'admin', id: admin.id, adminType: 'general' },
        }),
      );
    const total = Number(
      (await knex('credit_logs').where('company_id', owner.company_id).count({ n: '*' }).first())?.n,
    );
    expect(total).toBeGreaterThanOrEqual(30);

    const page = await e2e.signIn('owner@raas.example.com', undefined, '/credits/company');
    const rows = page.getByTestId('credit-log-entry');
    const pages = page.getByTestId('credit-log-pages');
    await expect.poll(() => rows.count()).toBe(25);
    await expect.poll(() => pages.innerText()).toContain(`1–25 of ${total}`);

    let seen = 25;
    let lastFrom = 1;
    for (let from = 26; from <= total; from += 25) {
      await pages.getByRole('button', { name: 'Go to next page' }).click();
      const to = Math.min(from + 24, total);
      await expect.poll(() => pages.innerText()).toContain(`${from}–${to} of ${total}`);
      await expect.poll(() => rows.count()).toBe(to - from + 1);
      seen += to - from + 1;
      lastFrom = from;
    }
    expect(seen).toBe(total);
    await expect(pages.getByRole('button', { name: 'Go to next page' }).isDisabled()).resolves.toBe(true);
    // And back a page.
    await pages.getByRole('button', { name: 'Go to previous page' }).click();
    await expect.poll(() => pages.innerText()).toContain(`${lastFrom - 25}–${lastFrom - 1} of ${total}`);
    await expect.poll(() => rows.count()).toBe(25);
  });

  it('A double click on Save in Add credits sends one request and makes one lot', async () => {
    const { knex } = e2e.db;
    const acme = await knex('companies')
      .join('company_users', 'company_users.company_id', 'companies.id')
      .where('company_users.email', 'owner@acme.example.com')
      .first('companies.id', 'companies.company_name');
    const lots = async () =>
      Number((await knex('credit_lots').where({ company_id: acme.id, quantity: 37 }).count({ n: '*' }).first())?.n);
    expect(await lots()).toBe(0);

    const page = await e2e.signIn('admin@example.com', undefined, '/credits/active-credits?add_credits=true');
    // The add is held until the test has looked at the dialog while it runs.
    let posts = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/v1/credit',
      async (route) => {
        if (route.request().method() === 'POST') {
          posts += 1;
          await held;
        }
        await route.continue();
      },
    );
    const dialog = page.getByRole('dialog', { name: 'Add credits' });
    await dialog.getByLabel('Company').fill(acme.company_name.slice(0, 4));
    await page.getByRole('option', { name: acme.company_name }).click();
    await dialog.getByTestId('no-of-credits').fill('37');
    await dialog.getByRole('button', { name: 'Save' }).dblclick();

    const saving = dialog.getByRole('button', { name: 'Saving…' });
    await saving.waitFor({ timeout: 5000 });
    await expect(saving.isDisabled()).resolves.toBe(true);
    release();
    await expect(page.getByTestId('snackbar').innerText()).resolves.toContain('Credits added');
    await dialog.getByText('Credits added').waitFor();
    // A second request, had one gone, would have landed by now.
    await page.waitForTimeout(500);
    expect(posts).toBe(1);
    expect(await lots()).toBe(1);
  });
});
