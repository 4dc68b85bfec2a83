/**
 * A candidate who paused their own profile is not locked out: after a reload and after signing out,
 * they sign in again (with an emailed code on a desktop, with an emailed link on a phone), land on
 * their profile, read that it is paused and activate it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** The path and query of the newest sign-in link emailed to `email`. */
async function emailedLink(email: string): Promise<string> {
  const mail = await e2e.db.knex('outbox_emails').where('to', email).orderBy('id', 'desc').first('text');
  const found = /\/auth\/magic-link\?[\w=&%.-]+/.exec(mail?.text ?? '')?.[0];
  expect(found, `a sign-in link emailed to ${email}`).toBeTruthy();
  return found as string;
}

async function signInWithCode(page: Page, email: string) {
  await page.goto(`${e2e.baseUrl}/auth/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signInWithLink(page: Page, email: string) {
  await page.goto(`${e2e.baseUrl}/auth/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await page.goto(`${e2e.baseUrl}${await emailedLink(email)}`);
}

const statusOf = (email: string) =>
  e2e.db.knex('candidates').where('email', email).first('status', 'self_chosen_status');

async function expectPausedProfile(page: Page) {
  await page.waitForURL(`${e2e.baseUrl}/candidate/profile`);
  await page.getByTestId('status-explanation').getByText('You paused your profile').waitFor();
  await expect.poll(() => page.getByTestId('candidate-status').innerText(), { timeout: 10_000 }).toBe('Paused');
}

describe('A candidate who paused their profile', () => {
  it.each([
    { screen: '1440×900', viewport: { width: 1440, height: 900 }, way: 'code', signIn: signInWithCode },
    { screen: '390×844', viewport: { width: 390, height: 844 }, way: 'link', signIn: signInWithLink },
  ])('At $screen, signs out, signs in again by emailed $way and activates the profile', async (c) => {
    // Each screen size has a candidate of its own, active to begin with.
    const { email } =
      c.way === 'code'
        ? { email: 'candidate@example.com' }
        : await e2e.db
            .knex('candidates')
            .where('status', 1)
            .whereNot('email', 'candidate@example.com')
            .orderBy('id')
            .first('email');
    const page = await e2e.newPage();
    await page.setViewportSize(c.viewport);
    await c.signIn(page, email);
    await page.waitForURL(`${e2e.baseUrl}/candidate/profile`);
    await page.getByRole('button', { name: 'Pause profile' }).click();
    await page
      .getByRole('dialog', { name: 'Pause your profile?' })
      .getByRole('button', { name: 'Pause profile' })
      .click();
    await page.getByText('Your profile is paused').waitFor();
    await expect(statusOf(email)).resolves.toEqual({ status: 2, self_chosen_status: true });

    // A reload keeps the session.
    await page.reload();
    await expectPausedProfile(page);

    await page.getByRole('button', { name: 'Account menu' }).click();
    // Logging out loads the login page afresh: that load is awaited, so the next navigation does not cut it short.
    const loggedOut = page.waitForEvent('load');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await loggedOut;
    await page.waitForURL(`${e2e.baseUrl}/auth/login`);

    await c.signIn(page, email);
    await expectPausedProfile(page);
    await expect(page.getByText('Your user role or status does not allow signing in').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Activate profile' }).click();
    await page
      .getByRole('dialog', { name: 'Activate your profile?' })
      .getByRole('button', { name: 'Activate profile' })
      .click();
    await page.getByText('Your profile is active again').waitFor();
    await expect.poll(() => page.getByTestId('candidate-status').innerText(), { timeout: 10_000 }).toBe('Active');
    await expect(statusOf(email)).resolves.toMatchObject({ status: 1 });
  });
});
