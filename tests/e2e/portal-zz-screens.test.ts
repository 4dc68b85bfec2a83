import type { Page } from 'playwright-core';
import { beforeAll, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
async function signIn(page: Page, email: string) {
  await page.goto(`${e2e.baseUrl}/auth/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}
it('screens', { timeout: 300_000 }, async () => {
  const page = await e2e.newPage();
  await page.goto(`${e2e.baseUrl}/auth/login`);
  await page.getByLabel('Work email').waitFor();
  await shot(page, '01-login');
  await page.getByLabel('Work email').fill('owner@acme.example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await shot(page, '02-code');
  await page.goto(`${e2e.baseUrl}/auth/company/signup/1`);
  await page.getByLabel('First name').waitFor();
  await shot(page, '03-signup1');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Scully');
  await page.getByLabel('Email').fill('dana@gmail.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForTimeout(300);
  await shot(page, '04-signup1-errors');
  await page.getByLabel('Email').fill('dana@hoover.example.com');
  await page.getByLabel('Phone').fill('+659 123 4567');
  await page.getByLabel('Job title').fill('Talent Lead');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/signup\/2/);
  await page.getByLabel('Company name').waitFor();
  await page.waitForTimeout(500);
  await shot(page, '05-signup2');
  await page.goto(`${e2e.baseUrl}/nope`);
  await shot(page, '06-404');
  await page.goto(`${e2e.baseUrl}/terms-of-service`);
  await shot(page, '07-terms');
  await page.goto(`${e2e.baseUrl}/community/auth/signup`);
  await page.waitForTimeout(300);
  await shot(page, '08-community');

  const admin = await e2e.newPage();
  await signIn(admin, 'admin@example.com');
  await admin.waitForTimeout(300);
  await shot(admin, '10-admin-search');
  await admin.getByTestId('top-nav').getByRole('button', { name: 'Companies' }).click();
  await admin.waitForTimeout(300);
  await shot(admin, '11-admin-companies-menu');
  await admin.keyboard.press('Escape');
  await admin.goto(`${e2e.baseUrl}/my-profile`);
  await admin
    .getByLabel('First name')
    .waitFor()
    .catch(() => undefined);
  await admin.waitForTimeout(500);
  await shot(admin, '12-admin-profile');

  const owner = await e2e.newPage();
  await signIn(owner, 'owner@acme.example.com');
  await owner.getByRole('button', { name: 'Account menu' }).click();
  await owner.waitForTimeout(300);
  await shot(owner, '20-owner-projects-menu');
  await owner.keyboard.press('Escape');
  await owner.goto(`${e2e.baseUrl}/team`);
  await owner.waitForTimeout(1500);
  await shot(owner, '21-team');
  await owner.getByRole('button', { name: 'Invite member' }).click();
  await owner.waitForTimeout(400);
  await shot(owner, '22-invite');
  await owner.keyboard.press('Escape');
  await owner.goto(`${e2e.baseUrl}/account`);
  await owner.waitForTimeout(1200);
  await shot(owner, '23-account');
  await owner.setViewportSize({ width: 390, height: 800 });
  await owner.goto(`${e2e.baseUrl}/projects`);
  await owner.getByTestId('mobile-menu-button').click();
  await owner.waitForTimeout(400);
  await shot(owner, '24-mobile-drawer');

  const cand = await e2e.newPage();
  await signIn(cand, 'candidate@example.com');
  await cand.waitForTimeout(800);
  await shot(cand, '30-candidate');
});
