/**
 * The emailed-link pages in a real browser: signing in by magic link back to the page asked for (at once in the
 * browser that asked for the link, only after a question naming the address anywhere else),
 * joining the talent community (by details and by link) and confirming a changed email address.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { followInApp, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** The path and query of the newest emailed link to `path` sent to `email`. */
async function emailedLink(email: string, path: string): Promise<string> {
  const mail = await e2e.db.knex('outbox_emails').where('to', email).orderBy('id', 'desc').first('text');
  const found = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?[\\w=&%.-]+`).exec(mail?.text ?? '')?.[0];
  expect(found, `a ${path} link emailed to ${email}`).toBeTruthy();
  return found as string;
}

/** Asks for a sign-in link on the portal's own form on the way to `/company-users`, as `email`. */
async function askForLink(page: Page, email: string) {
  await page.goto(`${e2e.baseUrl}/company-users`);
  await page.waitForURL(`${e2e.baseUrl}/auth/login/${encodeURIComponent('/company-users')}`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
}

/** Presses Tab until `target` has the focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, most = 8) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reached in ${most} presses of Tab`);
}

const SCREENS = [
  { screen: '1440×900', viewport: { width: 1440, height: 900 } },
  { screen: '390×844', viewport: { width: 390, height: 844 } },
];

describe('Magic links', () => {
  it('A company user signs in by magic link and returns to the page they asked for', async () => {
    const page = await e2e.newPage();
    await askForLink(page, 'member@acme.example.com');

    // Opened in the browser that asked for it, the link signs in without a question.
    const answered = page.waitForResponse('**/api/v1/auth/login-by-magic-link');
    await page.goto(`${e2e.baseUrl}${await emailedLink('member@acme.example.com', '/auth/magic-link')}`);
    expect((await answered).status()).toBe(200);
    await page.waitForURL(`${e2e.baseUrl}/company-users`);
    await page.locator('[data-user-email="member@acme.example.com"]').waitFor();
  });

  it.each(SCREENS)(
    'At $screen, a link opened in a browser that did not ask for it names its address and signs in only on Continue',
    async ({ viewport }) => {
      await askForLink(await e2e.newPage(viewport), 'member@acme.example.com');
      const link = await emailedLink('member@acme.example.com', '/auth/magic-link');

      // Another browser (someone the link was sent to) is asked first.
      const other = await e2e.newPage(viewport);
      const asked = other.waitForResponse('**/api/v1/auth/login-by-magic-link');
      await other.goto(`${e2e.baseUrl}${link}`);
      expect((await asked).status()).toBe(409);
      await other.getByRole('heading', { level: 1, name: 'Sign in as member@acme.example.com?' }).waitFor();
      await expect(other.locator('h1').allInnerTexts()).resolves.toEqual(['Sign in as member@acme.example.com?']);
      await other.getByText('This sign-in link was asked for in another browser.').waitFor();
      await expect(other.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).resolves.toBe(
        '/auth/login',
      );
      const next = other.getByRole('button', { name: 'Continue' });
      // The card fits the screen: the button ends inside it.
      expect(await next.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(viewport.width);

      const signedIn = other.waitForResponse('**/api/v1/auth/login-by-magic-link');
      await tabTo(other, next);
      await other.keyboard.press('Enter');
      expect((await signedIn).status()).toBe(200);
      await other.waitForURL(`${e2e.baseUrl}/company-users`);
      await other.locator('[data-user-email="member@acme.example.com"]').waitFor();
    },
  );

  it('A used or made-up link explains that it does not work', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/magic-link?token=${'x'.repeat(43)}`);
    await page.getByRole('heading', { name: 'This sign-in link does not work' }).waitFor();
    await page.getByText('This sign-in link is invalid or has expired').waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/login`);
  });
});

describe('Community sign-up', () => {
  it('Someone joins the community with their details, confirms from the emailed link and lands on the welcome page', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByRole('link', { name: 'Join the talent community' }).click();
    await page.waitForURL(`${e2e.baseUrl}/community/auth/signup`);
    await expect.poll(() => page.title()).toBe('Community sign up | Talentbase');
    await page.getByRole('button', { name: 'Join the community' }).click();
    await expect.poll(() => page.locator('input[aria-invalid="true"]').count()).toBe(3);
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Email').fill('sam.lee@mailbox.example.com');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Join the community' }).click();
    await page.getByText('Check your email').waitFor();
    await page.getByText('We sent a link to sam.lee@mailbox.example.com').waitFor();
    // Nothing is reserved until the address is proven.
    await expect(
      e2e.db.knex('community_users').where('email', 'sam.lee@mailbox.example.com').first(),
    ).resolves.toBeUndefined();

    await page.goto(`${e2e.baseUrl}${await emailedLink('sam.lee@mailbox.example.com', '/auth/magic-link')}`);
    await page.waitForURL(`${e2e.baseUrl}/community/welcome`);
    await page.getByRole('heading', { name: 'Welcome to the talent community' }).waitFor();
    await page.getByText('What happens next').waitFor();
    await expect.poll(() => page.title()).toBe('Welcome to the community | Talentbase');
    await expect(
      e2e.db.knex('community_users').where('email', 'sam.lee@mailbox.example.com').first('status'),
    ).resolves.toEqual({ status: 1 });
  });

  it('Someone joins by emailed link, and opening it takes them to the welcome page', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/community/auth/signup`);
    await page.getByRole('tab', { name: 'With an email link' }).click();
    await page.getByLabel('Email').fill('kim@mailbox.example.com');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByText('We sent a link to kim@mailbox.example.com').waitFor();

    await page.goto(`${e2e.baseUrl}${await emailedLink('kim@mailbox.example.com', '/auth/magic-link')}`);
    await page.waitForURL(`${e2e.baseUrl}/community/welcome`);
  });

  it('An email that already has an account gets the same answer on the page; nothing is created', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/community/auth/signup`);
    await page.getByLabel('First name').fill('Olivia');
    await page.getByLabel('Last name').fill('Tan');
    await page.getByLabel('Email').fill('owner@acme.example.com');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Join the community' }).click();
    await page.getByText('We sent a link to owner@acme.example.com').waitFor();
    await expect(
      e2e.db.knex('community_users').where('email', 'owner@acme.example.com').first(),
    ).resolves.toBeUndefined();
  });
});

describe('Confirming a changed email', () => {
  it('A new address is confirmed only by its signed-in owner opening the emailed link', async () => {
    const owner = await e2e.newPage();
    await owner.goto(`${e2e.baseUrl}/auth/login`);
    await owner.getByLabel('Work email').fill('owner@raas.example.com');
    await owner.getByRole('button', { name: 'Send code' }).click();
    await owner.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await owner.getByLabel('Digit 1 of 6').fill(await e2e.lastCode('owner@raas.example.com'));
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.waitForURL(`${e2e.baseUrl}/projects`);
    await followInApp(owner, '/my-profile');
    await owner.getByRole('textbox', { name: /^Email/ }).fill('rachel@raas.example.com');
    await owner.getByLabel('Phone').fill('+659 888 1234');
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await owner.getByText('We sent a confirmation link to rachel@raas.example.com').waitFor();

    const link = await emailedLink('rachel@raas.example.com', '/auth/confirm-email');
    // A link alone changes nothing: a visitor is asked to sign in first.
    const visitor = await e2e.newPage();
    await visitor.goto(`${e2e.baseUrl}${link}`);
    await visitor.waitForURL(new RegExp(`/auth/login/${encodeURIComponent('/auth/confirm-email')}`));
    await expect(
      e2e.db.knex('company_users').where('email', 'rachel@raas.example.com').first('id'),
    ).resolves.toBeUndefined();

    // The signed-in owner opens it and the address changes.
    await owner.goto(`${e2e.baseUrl}${link}`);
    await owner.waitForURL(`${e2e.baseUrl}/projects`);
    const confirmed = await owner.getByTestId('snackbar').innerText();
    expect(confirmed).not.toBe('');
    await expect
      .poll(() => e2e.db.knex('company_users').where('email', 'rachel@raas.example.com').first('id'))
      .toBeDefined();

    // The link again, from the app already open: the snackbar now tells the failure, not the earlier success.
    await followInApp(owner, link);
    await owner.getByRole('heading', { name: 'We could not confirm your email' }).waitFor();
    await expect(owner.getByTestId('snackbar').isVisible()).resolves.toBe(true);
    await expect.poll(() => owner.getByTestId('snackbar').innerText()).not.toBe(confirmed);
  });
});

describe('Google and LinkedIn', () => {
  it('Provider buttons show only for the providers the server has configured, and start its flow', async () => {
    // Each page asks GET auth/providers as it opens: the one page goes from screen to screen inside the app.
    const page = await e2e.newPage();
    const answered = page.waitForResponse('**/api/v1/auth/providers');
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByLabel('Work email').waitFor();
    await answered;
    await expect(page.getByTestId('social-buttons').count()).resolves.toBe(0);

    // This test server has no provider configured: the answer of GET auth/providers stands in for one with Google only.
    await page.route('**/api/v1/auth/providers', (route) => route.fulfill({ json: { google: true, linkedin: false } }));
    await followInApp(page, '/auth/company/signup/1');
    await expect(page.getByRole('link', { name: 'Sign up with Google' }).getAttribute('href')).resolves.toBe(
      '/api/v1/auth/google/signup/company',
    );
    await followInApp(page, '/community/auth/signup');
    await expect
      .poll(() => page.getByRole('link', { name: 'Sign up with Google' }).getAttribute('href'))
      .toBe('/api/v1/auth/google/signup/community');
    await followInApp(page, '/auth/login');
    const google = page.getByRole('link', { name: 'Continue with Google' });
    await expect(google.getAttribute('href')).resolves.toBe('/api/v1/auth/google/signin');
    await expect(page.getByRole('link', { name: 'Continue with LinkedIn' }).count()).resolves.toBe(0);
  });

  it('A stale provider key on the callback page explains that sign-in failed', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/social-callback?gnbsl=${'k'.repeat(43)}`);
    await page.getByRole('heading', { name: 'We could not sign you in' }).waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).waitFor();
  });

  it('A provider refusal lands on login with its toast', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login?userNotFound=true`);
    await expect(page.getByTestId('snackbar').innerText()).resolves.not.toBe('');
    await page.waitForURL(`${e2e.baseUrl}/auth/login`);
  });
});
