/**
 * Spec section 5, "Terms must be agreed", on the community sign-up page in a real browser: the terms box
 * (with its link to the terms) is reached and ticked by keyboard, its error shows at the box, and the
 * Google/LinkedIn buttons wait for it too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Community sign-up asks for the terms', () => {
  it('Submitting without ticking the box shows the error at the box and sends nothing; ticking it by keyboard lets the sign-up go on', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/community/auth/signup`);
    await page.getByLabel('First name').fill('Tia');
    await page.getByLabel('Last name').fill('Ren');
    await page.getByLabel('Email').fill('tia.ren@mailbox.example.com');
    const box = page.getByRole('checkbox', { name: /I agree to the/ });
    await expect(
      page.locator('form').getByRole('link', { name: 'Terms of Service' }).getAttribute('href'),
    ).resolves.toBe('/terms-of-service');
    await page.getByRole('button', { name: 'Join the community' }).click();
    await page.getByText('Please agree to the terms of service').waitFor();
    // The error is the box's own description, so a screen reader reads it with the box.
    await expect(box.getAttribute('aria-describedby')).resolves.toBe('community-terms-error');
    await expect(page.locator('#community-terms-error').textContent()).resolves.toBe(
      'Please agree to the terms of service',
    );
    await expect(page.getByText('Check your email').count()).resolves.toBe(0);
    await expect(
      e2e.db.knex('outbox_emails').where('to', 'tia.ren@mailbox.example.com').first(),
    ).resolves.toBeUndefined();

    await page.getByLabel('Email').focus();
    await page.keyboard.press('Tab');
    await expect(box.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Space');
    await expect(box.isChecked()).resolves.toBe(true);
    await expect(page.locator('#community-terms-error').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Join the community' }).click();
    await page.getByText('We sent a link to tia.ren@mailbox.example.com').waitFor();
  });

  it('The Google button does not leave the page until the box is ticked', async () => {
    const page = await e2e.newPage();
    // This test server has no provider configured: the answer of GET auth/providers stands in for one with Google.
    await page.route('**/api/v1/auth/providers', (route) => route.fulfill({ json: { google: true, linkedin: false } }));
    await page.goto(`${e2e.baseUrl}/community/auth/signup`);
    await page.getByRole('link', { name: 'Sign up with Google' }).click();
    await page.getByText('Please agree to the terms of service').waitFor();
    expect(new URL(page.url()).pathname).toBe('/community/auth/signup');
  });
});
