/**
 * The account page (My profile) checks a phone number as the server reads it, at 1440×900 with a mouse and at 390×844
 * on a touch phone: a user of a company in Singapore alone saves '9123 4567' (stored '+6591234567'), where the page
 * refused it before sending; once the company hires in two countries the page asks for the country code, as the
 * server does (GET auth/account's phoneCountry, backend/features/account/phoneCountry.ts).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const OWNER = 'owner@acme.example.com';

let e2e: E2E;
let companyId: number;

const countryId = async (code: string) => (await e2e.db.knex('countries').where({ code }).first('id')).id as number;
const hiresIn = async (...codes: string[]) =>
  e2e.db
    .knex('companies')
    .where('id', companyId)
    .update({ countries: await Promise.all(codes.map(countryId)) });

beforeAll(async () => {
  e2e = await startE2E();
  companyId = (await e2e.db.knex('company_users').where('email', OWNER).first('company_id')).company_id;
});

/** The owner's account page on a touch phone (isMobile, hasTouch) or a laptop with a mouse. */
async function openAccount(phone: boolean): Promise<Page> {
  const signed = await e2e.signIn(OWNER, undefined, null, { shared: true });
  const context = await e2e.browser.newContext(
    phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: LAPTOP },
  );
  onTestFinished(() => context.close());
  await context.addCookies(await signed.context().cookies());
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}/my-profile`);
  await page.getByLabel('Phone').waitFor();
  return page;
}

describe('A national phone number on the account page', () => {
  for (const phone of [false, true]) {
    it(`is read in the company's one country and saved in E.164 (${phone ? 'phone' : 'laptop'})`, async () => {
      await hiresIn('SG');
      const page = await openAccount(phone);
      await page.getByLabel('Phone').fill(phone ? '8123 4567' : '9123 4567');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByTestId('snackbar').innerText()).resolves.toContain('Saved successfully');
      const stored = await e2e.db.knex('company_users').where('email', OWNER).first('phone');
      expect(stored.phone).toBe(phone ? '+6581234567' : '+6591234567');

      await hiresIn('SG', 'GB');
      const again = await openAccount(phone);
      await again.getByLabel('Phone').fill('9123 4567');
      await again.getByRole('button', { name: 'Save changes' }).click();
      await again.getByText('Add the country code, e.g. +65 9123 4567').waitFor();
    });
  }
});
