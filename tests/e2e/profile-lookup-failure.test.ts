/**
 * A profile picker whose lookup fails says so: the popup shows the failure text for the text typed, not "Loading…"
 * for ever (rows found for earlier text are still not offered).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { t } from '../../i18n';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let page: Page | undefined;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await page?.close();
});

describe('A failed lookup in the profile form', () => {
  it("shows the failure text when the search for 'Lon' answers 500", async () => {
    page = await e2e.signIn('candidate@example.com', { width: 1440, height: 900 }, '/candidate/profile');
    await page.route('**/locations/search**', (route) => route.fulfill({ status: 500 }));
    const picker = page.getByRole('combobox', { name: 'Current location', exact: true });
    await picker.waitFor();
    await picker.fill('Lon');
    const popup = page.locator('.MuiAutocomplete-popper');
    await popup.getByText(t('errors.internalServerError'), { exact: true }).waitFor({ timeout: 5000 });
    await expect(popup.getByText(t('talent.form.loading')).count()).resolves.toBe(0);
  });
});
