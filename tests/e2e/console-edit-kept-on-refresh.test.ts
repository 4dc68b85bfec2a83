/**
 * A console edit screen's unsaved edits when the record is read again, in a real browser against the real server:
 * react-admin's Refresh in the app bar (and any later read of the record, another admin's change with it) keeps what
 * the admin typed, refreshes the fields they left alone, and says the record changed on the server when it did, with
 * Discard to take the server's version instead. Saved, both the admin's edit and the other admin's change are kept.
 * The generated screens (a company) and the talent screen alike.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const LAPTOP = { width: 1440, height: 900 };
const CHANGED = 'This record changed on the server after you opened it.';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});

/** Presses the app bar's Refresh and waits for the record at `path` to be read again. */
async function refresh(page: Page, path: RegExp) {
  const read = page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await read;
  // Let the form take the answer.
  await page.waitForTimeout(300);
}

describe("A console edit screen's unsaved edits on a Refresh", () => {
  it("keeps a company's typed edits, tells of another admin's change, and saves both", async () => {
    const company = await e2e.db
      .knex('companies')
      .where({ status: 1 })
      .whereNotNull('address')
      .whereNot('company_name', 'Globex Analytics')
      .orderBy('id')
      .first('id', 'company_name');
    const page = await e2e.signIn('admin@example.com', LAPTOP, null);
    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`, { waitUntil: 'domcontentloaded' });
    const name = page.getByRole('textbox', { name: 'Company name' });
    const address = page.getByRole('textbox', { name: 'Address' });
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe(company.company_name);
    const renamed = `${company.company_name} Renamed`;
    await name.fill(renamed);
    const record = new RegExp(`/api/v1/companies/Company%3A${company.id}$`);

    // Nothing changed on the server: the edit stays, and nothing is said.
    await refresh(page, record);
    expect(await name.inputValue()).toBe(renamed);
    await expect(page.getByText(CHANGED).count()).resolves.toBe(0);

    // Another admin changes the address meanwhile: the typed name stays, the address shows the new one.
    await e2e.db
      .knex('companies')
      .where('id', company.id)
      .update({ address: '1 New Street, Springfield', updated_at: e2e.db.knex.fn.now() });
    await refresh(page, record);
    expect(await name.inputValue()).toBe(renamed);
    await page.getByText(CHANGED).waitFor();
    await expect.poll(() => address.inputValue()).toBe('1 New Street, Springfield');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/companies');
    expect(await e2e.db.knex('companies').where('id', company.id).first('company_name', 'address')).toEqual({
      company_name: renamed,
      address: '1 New Street, Springfield',
    });
  }, 120_000);

  it("discards a company's edits on request once the server's version changed", async () => {
    const company = await e2e.db
      .knex('companies')
      .where({ status: 1 })
      .whereNotNull('legal_entity_name')
      .orderBy('id', 'desc')
      .first('id', 'company_name');
    const page = await e2e.signIn('admin@example.com', LAPTOP, null);
    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`, { waitUntil: 'domcontentloaded' });
    const name = page.getByRole('textbox', { name: 'Company name' });
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe(company.company_name);
    await name.fill(`${company.company_name} Draft`);
    await e2e.db
      .knex('companies')
      .where('id', company.id)
      .update({ legal_entity_name: 'Changed Elsewhere Ltd', updated_at: e2e.db.knex.fn.now() });
    await refresh(page, new RegExp(`/api/v1/companies/Company%3A${company.id}$`));
    const notice = page.getByRole('status').filter({ hasText: CHANGED });
    const discard = notice.getByRole('button', { name: 'Discard my changes' });
    await discard.waitFor();
    // Within the screen, and a finger's size.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect((await discard.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await discard.click();
    await expect.poll(() => name.inputValue()).toBe(company.company_name);
    expect(await page.getByRole('textbox', { name: 'Legal entity' }).inputValue()).toBe('Changed Elsewhere Ltd');
    await notice.waitFor({ state: 'detached' });
  }, 120_000);

  it("keeps a talent profile's typed edits and tells of the candidate's change", async () => {
    const talent = await e2e.db
      .knex('candidates')
      .whereNotNull('first_name')
      .whereNotNull('last_name')
      .orderBy('id')
      .first('id', 'first_name');
    const page = await e2e.signIn('admin@example.com', LAPTOP, null);
    await page.goto(`${e2e.baseUrl}/admin/talent/edit/Candidate%3A${talent.id}`, { waitUntil: 'domcontentloaded' });
    const first = page.getByRole('textbox', { name: 'First name' });
    await expect.poll(() => first.inputValue(), { timeout: 20_000 }).toBe(talent.first_name);
    await first.fill(`${talent.first_name}x`);
    await e2e.db
      .knex('candidates')
      .where('id', talent.id)
      .update({ last_name: 'Changedelsewhere', updated_at: e2e.db.knex.fn.now() });
    await refresh(page, new RegExp(`/api/v1/candidates/Candidate%3A${talent.id}$`));
    expect(await first.inputValue()).toBe(`${talent.first_name}x`);
    await page.getByText(CHANGED).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Last name' }).inputValue()).toBe('Changedelsewhere');
  }, 120_000);
});
