/**
 * A candidate whose session ends while they edit their profile loses nothing, on a laptop and a phone, in a real
 * browser against the real server: the save that answers 401 signs the page out and leads to the login form, and once
 * they sign in again the profile shows their unsaved edits, still to be saved, with "Unsaved changes restored";
 * saving them stores them and the kept draft is gone (a later visit shows the saved profile, with no notice).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const EMAIL = 'candidate@example.com';
const KEPT = 'Unsaved changes restored';
let e2e: E2E;
let ownId: number;
/** The seeded summary, put back after: other files read this candidate. */
let seeded: unknown;

beforeAll(async () => {
  e2e = await startE2E();
  ({ id: ownId, summary: seeded } = await e2e.db.knex('candidates').where('email', EMAIL).first('id', 'summary'));
});
afterAll(async () => {
  await e2e?.db.knex('candidates').where('email', EMAIL).update({ summary: seeded });
});

const storedSummary = async () => (await e2e.db.knex('candidates').where('id', ownId).first('summary')).summary;

/** Signs in on the login form the browser was sent to, with the code read from the outbox. */
async function signInAgain(page: Page) {
  await page.getByLabel('Work email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(EMAIL));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.each([
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
])('A session that ends mid-edit, at $name', ({ name, viewport }) => {
  it('gives the unsaved profile edits back after signing in again', async () => {
    const page = await e2e.signIn(EMAIL, viewport, '/candidate/profile');
    await page.getByText('All changes saved').waitFor();
    const before = await storedSummary();
    const text = `Typed before the session ended ${name}`;
    await page.getByRole('textbox', { name: 'Summary' }).fill(text);

    // The session ends on the server's side: the save answers 401 and the page goes to the login form.
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/login/${encodeURIComponent('/candidate/profile')}`);
    expect(await storedSummary()).toBe(before);

    await signInAgain(page);
    await page.waitForURL(`${e2e.baseUrl}/candidate/profile`);
    await page.getByTestId('draft-restored').getByText(KEPT).waitFor();
    const summary = page.getByRole('textbox', { name: 'Summary' });
    await expect.poll(() => summary.inputValue()).toBe(text);
    await expect.poll(() => page.getByRole('button', { name: 'Save changes' }).isEnabled()).toBe(true);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved successfully').waitFor();
    await expect.poll(storedSummary).toBe(text);

    // Saved, the draft is gone: the page opened again shows the saved profile and no notice.
    await page.reload();
    await page.getByText('All changes saved').waitFor();
    await expect.poll(() => summary.inputValue()).toBe(text);
    await page.waitForTimeout(500);
    expect(await page.getByText(KEPT).count()).toBe(0);
  });
});
