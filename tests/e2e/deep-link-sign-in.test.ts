/**
 * A link into the portal opened signed out comes back after sign-in (spec section 2: a login redirect URL is
 * honoured), in a real browser: the project page and the search page, whose first API calls the server announces
 * with the page's HTML, are shown at the exact address once the emailed code is entered, not sent back to the login
 * form by an answer asked for before the sign-in. And the search pager brings the new page's first result into view.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const OWNER = 'owner@acme.example.com';

let e2e: E2E;
let project: { guid: string; title: string };

beforeAll(async () => {
  e2e = await startE2E();
  project = await e2e.db
    .knex('projects')
    .join('company_users', 'company_users.company_id', 'projects.company_id')
    .where('company_users.email', OWNER)
    .orderBy('projects.id')
    .first('projects.guid', 'projects.title');
});

/** Signs in on the login form the browser was sent to, with the code read from the outbox. */
async function signIn(page: Page, email: string) {
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens `link` signed out, signs in from the login page it leads to, and waits to be back at `link`. */
async function openSignedOut(link: string): Promise<Page> {
  const page = await e2e.newPage();
  const opened = await page.goto(`${e2e.baseUrl}${link}`);
  // The page's code is announced with it, its API calls are not: signed out, they would answer 401.
  expect((await opened?.headerValue('link')) ?? '').not.toContain('/api/');
  await page.waitForURL(`${e2e.baseUrl}/auth/login/${encodeURIComponent(link)}`);
  await signIn(page, OWNER);
  await page.waitForURL(`${e2e.baseUrl}${link}`);
  return page;
}

/** The address stays `link` for a while: nothing sends the signed-in person back to the login form. */
async function staysAt(page: Page, link: string) {
  await page.waitForTimeout(1500);
  expect(page.url()).toBe(`${e2e.baseUrl}${link}`);
  expect(await page.getByLabel('Work email').count()).toBe(0);
}

describe('A deep link opened signed out', () => {
  it("comes back to the project's board after signing in with the emailed code", async () => {
    const link = `/project/${project.guid}?tab=1&view=board`;
    const page = await openSignedOut(link);
    await page.getByRole('heading', { name: project.title, level: 1 }).waitFor();
    await staysAt(page, link);
  });

  it('comes back to the search page and its page after signing in with the emailed code', async () => {
    const link = '/search?ts=engineer&p=2';
    const page = await openSignedOut(link);
    await page.getByTestId('result-card').first().waitFor();
    await expect.poll(() => page.getByTestId('showing').innerText()).toMatch(/^Showing 21–\d+ of [\d,]+/);
    await staysAt(page, link);
  });
});

describe('The search pager', () => {
  it("brings the new page's first result into view and focuses the results' heading", async () => {
    const page = await e2e.signIn(OWNER, undefined, '/search?ts=engineer', { shared: true });
    const pager = page.getByRole('navigation', { name: 'pagination navigation' });
    await pager.waitFor();
    await pager.scrollIntoViewIfNeeded();
    await pager.getByRole('button', { name: 'Go to page 2', exact: true }).click();
    await page.waitForURL(`${e2e.baseUrl}/search?ts=engineer&p=2`);
    await page.locator('[data-testid="results"][data-answered="ts=engineer&p=2"]').waitFor();
    await expect.poll(() => page.getByTestId('result-card').first().isVisible()).toBe(true);
    // In the viewport, not only in the page: its top below the sticky bar and above the window's foot.
    const inView = () =>
      page
        .getByTestId('result-card')
        .first()
        .evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 48 && box.top < window.innerHeight;
        });
    await expect.poll(inView).toBe(true);
    const focused = await page.evaluate(() => ({
      tag: document.activeElement?.tagName,
      text: document.activeElement?.textContent,
    }));
    expect(focused.tag).toBe('H2');
    expect(focused.text).toBeTruthy();
  });
});
