/** Signing in to and out of the admin console, and what happens when a session ends elsewhere. */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

async function requestCode(page: Page, email: string) {
  await page.goto(`${e2e.baseUrl}/admin/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Six-digit code').waitFor();
}

async function signIn(page: Page, email: string) {
  await requestCode(page, email);
  await page.getByLabel('Six-digit code').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\/companies/);
}

/** The session token: the httpOnly cookie the server set, read by the test harness (no script of the page can). */
const sessionCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'tb_session')?.value ?? null;

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Signing in to the admin console', () => {
  it('A wrong code is refused at the code field and the admin stays on the sign-in page', async () => {
    const page = await e2e.newPage();
    await requestCode(page, 'admin@example.com');
    const code = await e2e.lastCode('admin@example.com');
    const wrong = code === '000000' ? '111111' : '000000';

    await page.getByLabel('Six-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const codeField = page.locator('.MuiFormControl-root', { has: page.getByLabel('Six-digit code') });
    await codeField.getByText('Verification code invalid or expired').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await expect(sessionCookie(page)).resolves.toBeNull();
    await page.close();
  });

  it('An admin who is already signed in skips the sign-in page', async () => {
    const page = await e2e.newPage();
    await signIn(page, 'admin@example.com');

    await page.goto(`${e2e.baseUrl}/admin/login`);

    await page.waitForURL(/\/admin\/companies/);
    await page.close();
  });

  it('Signing out ends the session on the server and returns to the sign-in page', async () => {
    const page = await e2e.newPage();
    await signIn(page, 'admin@example.com');
    const token = await sessionCookie(page);
    expect(token).toBeTruthy();

    // The account button is named by the name it shows.
    await page.getByRole('button', { name: 'Alex Morgan', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();

    await page.waitForURL(/\/admin\/login$/);
    await expect(sessionCookie(page)).resolves.toBeNull();
    const check = await fetch(`${e2e.baseUrl}/api/v1/auth/check/user`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(check.status).toBe(401);
    await page.close();
  });

  it('A session ended elsewhere sends the admin back to sign in on their next visit', async () => {
    const page = await e2e.newPage();
    await signIn(page, 'admin@example.com');
    const admin = await e2e.db.knex('admins').where('email', 'admin@example.com').first('id');

    await e2e.db.knex('sessions').where({ actor_kind: 1, actor_id: admin.id }).delete();
    await page.goto(`${e2e.baseUrl}/admin/company-users`);

    await page.waitForURL(/\/admin\/login$/);
    await page.close();
  });
});

describe('Arriving from the portal', () => {
  it('An admin signed in by the session cookie alone opens a console edit page ready to edit', async () => {
    const page = await e2e.newPage();
    const email = 'admin@example.com';
    // Sign in through the API in this browser: the server sets the httpOnly cookie, nothing is stored for the console.
    await page.request.post(`${e2e.baseUrl}/api/v1/auth/send-email-otp`, { data: { email } });
    const login = await page.request.post(`${e2e.baseUrl}/api/v1/auth/login-by-email-otp`, {
      data: { email, otp: await e2e.lastCode(email) },
    });
    expect(login.status()).toBe(200);
    const company = await e2e.db.knex('companies').where('company_name', 'Acme').first('id');

    await page.goto(`${e2e.baseUrl}/admin/companies/Company:${company.id}`);

    const name = page.getByLabel('Company name');
    await expect(name.inputValue()).resolves.toBe('Acme');
    await expect(name.isEditable()).resolves.toBe(true);
    await page.close();
  });
});
