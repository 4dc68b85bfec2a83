/**
 * Company users and candidates who open the console's paths are sent to their portal home, still
 * signed in; the console's sign-in never emails a code to someone who cannot use the console.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** Signs in through the portal's own sign-in page. */
async function portalPage(email: string): Promise<Page> {
  const page = await e2e.newPage();
  await page.goto(`${e2e.baseUrl}/auth/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  return page;
}

describe('Console paths opened by people who are not platform admins', () => {
  it('A company owner opening /talent, /companies, /tags, /admins and /admin lands on their projects, still signed in', async () => {
    const page = await portalPage('owner@acme.example.com');
    for (const path of ['/talent', '/companies', '/tags', '/admins', '/admin', '/admin/talent/add']) {
      await page.goto(`${e2e.baseUrl}${path}`);
      await page.waitForURL((url) => url.pathname === '/projects', { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      await expect(page.getByLabel('Work email').count(), `no sign-in form after ${path}`).resolves.toBe(0);
    }
    await page.close();
  });

  it('A candidate opening /talent lands on their profile', async () => {
    const page = await portalPage('candidate@example.com');
    await page.goto(`${e2e.baseUrl}/talent`);
    await page.waitForURL((url) => url.pathname === '/candidate/profile', { waitUntil: 'commit' });
    await page.close();
  });

  it('A signed-out company user who asks the console for a code is not sent one, but is told where to go and emailed the portal link', async () => {
    const email = 'member@acme.example.com';
    const before = (await listOutbox(e2e.db.knex, email, 50)).length;
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/admins`);
    await page.waitForURL(/\/admin\/login$/);
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();

    // The page reads the same for every address: it does not tell whether this one has an account.
    await page.getByText(`If ${email} has a console account`).waitFor();
    await expect.poll(async () => (await listOutbox(e2e.db.knex, email, 50)).length).toBe(before + 1);
    const [mail] = await listOutbox(e2e.db.knex, email, 1);
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect(mail.text).toContain('/auth/login');
    await expect(e2e.db.knex('email_codes').where('email', email).first()).resolves.toBeUndefined();
    await page.close();
  });

  it('An admin still gets a code from the console and signs in', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/admin/login`);
    await page.getByLabel('Work email').fill('admin@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Six-digit code').waitFor();
    await page.getByLabel('Six-digit code').fill(await e2e.lastCode('admin@example.com'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/companies/);
    await page.close();
  });
});
