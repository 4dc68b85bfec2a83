/**
 * Portal screens whose first read fails (a 500) in a real browser: each says so with Try again (the shared
 * RetryAlert) instead of a dead end that needs a reload of the whole page, and a read that then succeeds draws the
 * screen as usual. The account's profile, the Team page, a RaaS company's credits, the candidate's three data rights
 * cards and company sign-up step 2, whose list of countries is read again without losing what was typed.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { startE2E, type E2E } from '../helpers/e2e';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const RETRY = t('portal.common.retry');

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});

/**
 * Answers the first GET whose path is `path` (under /api/v1/) with a 500 and lets every later one through; returns
 * how many such reads the page made.
 */
async function failFirstRead(page: Page, path: string): Promise<() => number> {
  let reads = 0;
  await page.route(
    (url) => url.pathname === `/api/v1/${path}`,
    (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      return reads++ === 0 ? route.fulfill({ status: 500, body: '' }) : route.continue();
    },
  );
  return () => reads;
}

/** Waits for the failure `testId`, presses its Try again and waits for it to go once read again. */
async function retry(page: Page, testId: string, reads: () => number) {
  const failed = page.getByTestId(testId);
  await failed.waitFor({ timeout: 15_000 });
  await expect(failed.getAttribute('role')).resolves.toBe('alert');
  await failed.getByRole('button', { name: RETRY }).click();
  await failed.waitFor({ state: 'hidden' });
  await expect.poll(reads).toBe(2);
}

/** Whether the page is no wider than its screen. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

describe('A screen whose first read fails', () => {
  it('the account page offers Try again, then shows the profile form', async () => {
    const page = await e2e.signIn('owner@acme.example.com', DESKTOP, null);
    const reads = await failFirstRead(page, 'auth/account');
    await page.goto(`${e2e.baseUrl}/account`);
    await retry(page, 'profile-load-error', reads);
    await expect(page.locator('input[name="email"]').inputValue()).resolves.toBe('owner@acme.example.com');
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
  }, 60_000);

  it.each([
    ['1440×900', DESKTOP],
    ['390×844', PHONE],
  ])(
    'the Team page at %s offers Try again, then lists the team',
    async (_name, viewport) => {
      const page = await e2e.signIn('owner@acme.example.com', viewport, null);
      const reads = await failFirstRead(page, 'company-users');
      await page.goto(`${e2e.baseUrl}/team`);
      await page.getByTestId('team-load-error').waitFor({ timeout: 15_000 });
      expect(await fitsWidth(page)).toBe(true);
      await retry(page, 'team-load-error', reads);
      await page.getByText('member@acme.example.com').first().waitFor();
      await expect(page.getByText(t('portal.team.empty')).count()).resolves.toBe(0);
    },
    60_000,
  );

  it("a RaaS company's credits page offers Try again, then shows the balance", async () => {
    const page = await e2e.signIn('owner@raas.example.com', DESKTOP, null);
    const reads = await failFirstRead(page, 'credit/balance');
    await page.goto(`${e2e.baseUrl}/credits/company`);
    await retry(page, 'credits-load-error', reads);
    await page.getByTestId('credit-balance').waitFor();
    await expect(page.getByRole('button', { name: t('credits.page.buy') }).isEnabled()).resolves.toBe(true);
  }, 60_000);

  it("the candidate's data rights cards each offer Try again, then their actions", async () => {
    const page = await e2e.signIn('candidate@example.com', DESKTOP, null);
    const erasure = await failFirstRead(page, 'data-rights/me');
    const copy = await failFirstRead(page, 'data-rights/export');
    const corrections = await failFirstRead(page, 'data-rights/corrections');
    await page.goto(`${e2e.baseUrl}/candidate/profile`);

    await retry(page, 'data-rights-load-error', erasure);
    const ask = page.getByRole('button', { name: t('portal.dataRights.requestErasure') });
    await expect.poll(() => ask.isEnabled()).toBe(true);

    await retry(page, 'data-export-load-error', copy);
    const prepare = page.getByRole('button', { name: t('portal.dataExport.request') });
    await expect.poll(() => prepare.isEnabled()).toBe(true);

    await retry(page, 'data-corrections-load-error', corrections);
    const send = page.getByRole('button', { name: t('portal.dataCorrection.send') });
    await expect.poll(() => send.isEnabled()).toBe(true);
  }, 90_000);

  it('company sign-up step 2 offers Try again for the countries and keeps what was typed', async () => {
    const email = 'lena@ortiz-logistics.example.com';
    const page = await e2e.newPage(DESKTOP);
    const reads = await failFirstRead(page, 'countries');
    await page.goto(`${e2e.baseUrl}/auth/company/signup/1`);
    await page.getByLabel('First name').fill('Lena');
    await page.getByLabel('Last name').fill('Ortiz');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+659 222 4444');
    await page.getByLabel('Job title').fill('COO');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByLabel('Confirmation code').fill(await e2e.lastCode(email));
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/2`);

    await page.getByTestId('countries-load-error').waitFor({ timeout: 15_000 });
    await page.getByLabel('Company name').fill('Ortiz Logistics');
    await page.getByLabel('Legal entity name').fill('Ortiz Logistics Pte. Ltd.');
    await retry(page, 'countries-load-error', reads);
    await expect(page.getByLabel('Company name').inputValue()).resolves.toBe('Ortiz Logistics');
    await expect(page.getByLabel('Legal entity name').inputValue()).resolves.toBe('Ortiz Logistics Pte. Ltd.');

    // The list read again, the step can be finished.
    await page.getByLabel('Registration number').fill('202466666K');
    await page.getByLabel('Registered address').fill('8 Marina View, Singapore 018960');
    await page.getByLabel('Hiring countries').fill('Singapore');
    await page.getByRole('option', { name: 'Singapore', exact: true }).click();
    await page.getByLabel('How did you hear about us?').click();
    await page.getByRole('option', { name: 'Referral', exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/3`);
  }, 90_000);
});
