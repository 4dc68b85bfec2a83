/**
 * The portal and the console keep the session in the httpOnly cookie alone: no script of the
 * page can read the token, and a reload or a second tab stays signed in. Signing out of the portal leaves the page for
 * a fresh login page, whatever the page's calls answer meanwhile.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** The session cookie, as the browser holds it (read by the test harness, outside the page). */
async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'tb_session');
  expect(cookie, 'the session cookie').toBeDefined();
  return cookie as NonNullable<typeof cookie>;
}

/** Everything a script of the page can read: cookies it may see, local and session storage, and globals. */
const scriptReadable = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify([
      document.cookie,
      { ...localStorage },
      { ...sessionStorage },
      Object.keys(window).filter((k) => /token|session/i.test(k)),
    ]),
  );

async function expectUnreadable(page: Page) {
  const cookie = await sessionCookie(page.context());
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Lax');
  expect(await scriptReadable(page)).not.toContain(cookie.value);
}

describe('The portal', () => {
  it('A company user stays signed in after a reload and in a second tab, with no token a script can read', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByLabel('Work email').fill('owner@acme.example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode('owner@acme.example.com'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await expectUnreadable(page);

    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(new URL(page.url()).pathname).not.toMatch(/login/);

    const second = await page.context().newPage();
    await second.goto(`${e2e.baseUrl}/team`);
    await second.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/team');
    await expectUnreadable(second);

    // Signing out in one tab ends the session for both: the other tab's next call finds it gone.
    await second.getByRole('button', { name: 'Account menu' }).click();
    await second.getByRole('menuitem', { name: /log ?out|sign out/i }).click();
    await second.waitForURL(/\/auth\/login/);
    await page.reload();
    await page.waitForURL(/\/auth\/login/);
    await page.context().close();
  });

  it('Logging out while the page still asks for data shows no login form before the login page loads afresh', async () => {
    const page = await e2e.signIn('owner@acme.example.com', undefined, '/projects');
    // The logout call ends the session on the server; its answer is held while the page asks for more.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let ended = () => {};
    const sessionEnded = new Promise<void>((resolve) => (ended = resolve));
    await page.route('**/api/v1/auth/logout', async (route) => {
      const response = await route.fetch();
      ended();
      await held;
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await sessionEnded;
    const refused = page.waitForResponse((r) => r.url().includes('/api/v1/notifications?') && r.status() === 401);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await refused;
    // What the 401 would set off (a redraw signed out, a move to a login address) has had its turns.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(new URL(page.url()).pathname).toBe('/projects');
    const loaded = page.waitForEvent('load');
    release();
    await loaded;
    expect(page.url()).toBe(`${e2e.baseUrl}/auth/login`);
    await page.getByRole('heading', { name: 'Sign in to Talentbase' }).waitFor();
  });
});

describe('The console', () => {
  it('An admin stays signed in after a reload and in a second tab, with no token a script can read', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/admin/login`);
    await page.getByLabel('Work email').fill('admin@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Six-digit code').waitFor();
    await page.getByLabel('Six-digit code').fill(await e2e.lastCode('admin@example.com'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/companies/);
    await expectUnreadable(page);

    await page.reload();
    await page.getByRole('cell', { name: 'Acme', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/companies');

    const second = await page.context().newPage();
    await second.goto(`${e2e.baseUrl}/admin/tags`);
    await second.waitForURL(/\/admin\/tags/);
    await second.locator('table tbody tr').first().waitFor();
    expect(new URL(second.url()).pathname).toBe('/admin/tags');
    await expectUnreadable(second);
    await page.context().close();
  });
});
