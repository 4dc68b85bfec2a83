/**
 * The candidate's profile asks before something is thrown away or hidden, on a laptop and on a phone:
 * Discard asks before dropping the edits; turning "Shown to companies" off asks first, as pausing does,
 * saying what happens, and the question is answered with the keyboard; logging out with unsaved edits
 * asks before the session ends, so a candidate who stays can still save, and one who goes is not
 * asked a second time by the browser.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_PURPOSES } from '../../schema/rules/consents';
import { startE2E, type E2E } from '../helpers/e2e';

const EMAIL = 'candidate@example.com';
const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
];
let e2e: E2E;
let candidateId: number;

beforeAll(async () => {
  e2e = await startE2E();
  candidateId = (await e2e.db.knex('candidates').where('email', EMAIL).first('id')).id;
});

const shownToCompanies = async () =>
  (
    await e2e.db
      .knex('candidate_consents')
      .where({ candidate_id: candidateId, purpose: CONSENT_PURPOSES.shownToCompanies })
      .first('granted')
  )?.granted;
const isFocused = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).evaluate((el) => el === document.activeElement);

describe.each(SCREENS)('The candidate profile at $name', ({ viewport }) => {
  it('asks before discarding edits, before hiding the profile from companies and before logging out with unsaved edits', async () => {
    const page = await e2e.signIn(EMAIL, viewport, '/candidate/profile');
    // The browser's own leave prompts, answered "stay" (none is expected).
    const browserPrompts: string[] = [];
    page.on('dialog', (dialog) => {
      browserPrompts.push(dialog.type());
      void dialog.dismiss();
    });
    const summary = page.getByRole('textbox', { name: 'Summary' });
    await page.getByText('All changes saved').waitFor();
    const before = await summary.inputValue();
    const discard = page.getByRole('button', { name: 'Discard', exact: true });

    // Discard asks first; keeping on editing keeps the edit, confirming drops it.
    await summary.fill(`${before} Enjoys mentoring.`);
    await discard.click();
    const discarding = page.getByRole('dialog', { name: 'Discard your changes?' });
    await discarding.getByRole('button', { name: 'Keep editing' }).click();
    await discarding.waitFor({ state: 'hidden' });
    expect(await summary.inputValue()).toBe(`${before} Enjoys mentoring.`);
    await discard.click();
    await discarding.getByRole('button', { name: 'Discard changes' }).click();
    await page.getByText('All changes saved').waitFor();
    expect(await summary.inputValue()).toBe(before);

    // Hiding the profile from companies asks first and says what happens; Escape keeps it shown.
    const shown = page.getByRole('region', { name: 'What you agreed to' }).getByRole('switch', {
      name: 'Shown to companies',
    });
    await expect.poll(() => shown.isChecked()).toBe(true);
    await shown.focus();
    await page.keyboard.press('Space');
    const hiding = page.getByRole('dialog', { name: 'Stop showing your profile to companies?' });
    await hiding.getByText(/stop finding you in search .* You can turn this back on/).waitFor();
    await page.keyboard.press('Escape');
    await hiding.waitFor({ state: 'hidden' });
    expect(await shown.isChecked()).toBe(true);
    expect(await shownToCompanies()).toBe(true);
    // Asked again and confirmed with the keyboard alone.
    await expect.poll(() => shown.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await hiding.waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(page, 'Keep it shown')).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(page, 'Stop showing my profile')).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('You withdrew this consent.').waitFor();
    await expect.poll(shownToCompanies).toBe(false);
    expect(await shown.isChecked()).toBe(false);
    // Showing it again asks nothing.
    await shown.click();
    await page.getByText('You gave this consent.').waitFor();
    await expect.poll(shownToCompanies).toBe(true);

    // Logging out with unsaved edits asks before the session ends: who stays still saves.
    await summary.fill(`${before} Leads small teams.`);
    const logOut = async () => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
    };
    const leaving = page.getByRole('dialog', { name: 'Log out without saving?' });
    await logOut();
    await leaving.getByRole('button', { name: 'Stay' }).click();
    await leaving.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved successfully').waitFor();
    const saved = await e2e.db.knex('candidates').where('id', candidateId).first('summary');
    expect(saved.summary).toBe(`${before} Leads small teams.`);

    // Who confirms leaves for the login page, signed out, without a second question from the browser.
    await summary.fill(`${before} Not kept.`);
    await logOut();
    // Logging out loads the login page afresh: that load is awaited, so nothing later cuts it short.
    const loggedOut = page.waitForEvent('load');
    await leaving.getByRole('button', { name: 'Log out' }).click();
    await loggedOut;
    await page.waitForURL(`${e2e.baseUrl}/auth/login`);
    expect(browserPrompts).toEqual([]);
    const check = await page.request.get(`${e2e.baseUrl}/api/v1/auth/check/user`);
    expect(check.status()).toBe(401);
  });
});
