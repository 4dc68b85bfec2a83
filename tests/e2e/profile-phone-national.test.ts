/**
 * A phone number written the national way on the candidate's own profile, at 1440×900 with a mouse and at 390×844
 * on a touch phone: living in Singapore, '9123 4567' is taken (no error, the hint still shown) and saved as
 * '+6591234567', as the server reads it (schema/validation/phone.ts). Without a current location there is no country
 * to read it in: the field asks "Add the country code, e.g. +65 9123 4567", and its hint stays under the message.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const CANDIDATE = 'candidate@example.com';
const HINT = 'With country code, e.g. +65 9123 4567';

let e2e: E2E;
let singapore: number;

beforeAll(async () => {
  e2e = await startE2E();
  singapore = (await e2e.db.knex('cities').where({ code: 'SG' }).orderBy('id').first('id')).id;
});

/** The candidate's profile page on a touch phone (isMobile, hasTouch) or a laptop with a mouse. */
async function openProfile(phone: boolean): Promise<Page> {
  const signed = await e2e.signIn(CANDIDATE, undefined, null, { shared: true });
  const context = await e2e.browser.newContext(
    phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: LAPTOP },
  );
  onTestFinished(() => context.close());
  await context.addCookies(await signed.context().cookies());
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}/candidate/profile`);
  return page;
}

const setLocation = (id: number | null) =>
  e2e.db.knex('candidates').where('email', CANDIDATE).update({ current_location_id: id, phone: '+6580000000' });

describe('A national phone number on the profile', () => {
  for (const [name, phone] of [
    ['laptop', false],
    ['touch phone', true],
  ] as const) {
    it(`In Singapore, 9123 4567 is taken and saved as +6591234567 (${name})`, async () => {
      await setLocation(singapore);
      const page = await openProfile(phone);
      const field = page.getByRole('textbox', { name: 'Phone', exact: true });
      await field.fill('9123 4567');
      await page.getByText('You have unsaved changes').waitFor();
      await expect(page.getByText('Enter a valid phone number').count()).resolves.toBe(0);
      await expect(page.getByText('Add the country code', { exact: false }).count()).resolves.toBe(0);
      await page.getByText(HINT).waitFor();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('All changes saved').waitFor();
      await expect
        .poll(async () => (await e2e.db.knex('candidates').where('email', CANDIDATE).first('phone')).phone)
        .toBe('+6591234567');
    });

    it(`Without a location, it asks for the country code and keeps the hint (${name})`, async () => {
      await setLocation(null);
      const page = await openProfile(phone);
      const field = page.getByRole('textbox', { name: 'Phone', exact: true });
      await field.fill('9123 4567');
      await page.getByText('Add the country code, e.g. +65 9123 4567').waitFor();
      await page.getByText(HINT).waitFor();
      await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    });
  }
});
