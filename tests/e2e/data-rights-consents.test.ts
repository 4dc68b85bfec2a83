/**
 * Consents in a real browser, at a desktop and a phone size: the candidate sees what they agreed to
 * on their profile page and withdraws a consent with its switch (and gives it back); after the
 * notice in force changes, their next visit opens a dialog that Escape does not close, and accepting
 * records the new version. An admin reads the retention job's report in the console.
 */
import { formatDate } from '../../schema/rules/dates';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRetention } from '../../backend/features/dataRights';
import { CONSENT_PURPOSES } from '../../schema/rules/consents';
import { startE2E, type E2E } from '../helpers/e2e';

const EMAIL = 'candidate@example.com';
const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
];
let e2e: E2E;
let candidateId: number;
let original: string;
const pages: Page[] = [];

const consent = (purpose: keyof typeof CONSENT_PURPOSES) =>
  e2e.db.knex('candidate_consents').where({ candidate_id: candidateId, purpose: CONSENT_PURPOSES[purpose] }).first();
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

beforeAll(async () => {
  e2e = await startE2E();
  candidateId = (await e2e.db.knex('candidates').where('email', EMAIL).first('id')).id;
  original = e2e.config.dataRights.noticeVersion;
});
afterAll(async () => {
  e2e.config.dataRights = { ...e2e.config.dataRights, noticeVersion: original };
  for (const p of pages) await p.close();
});

describe.each(SCREENS)('Consents at $name', ({ name, viewport }) => {
  it('the candidate sees what they agreed to and withdraws a consent, then gives it back', async () => {
    const me = await e2e.signIn(EMAIL, viewport, '/candidate/profile');
    pages.push(me);
    const card = me.getByRole('region', { name: 'What you agreed to' });
    await card.scrollIntoViewIfNeeded();
    const shown = card.getByRole('switch', { name: 'Shown to companies' });
    await expect.poll(() => shown.isChecked()).toBe(true);
    expect(await card.getByRole('switch', { name: 'Marketing emails' }).isChecked()).toBe(false);
    await card.getByText(/You accepted the terms and privacy notice of/).waitFor();

    await shown.click();
    await me.getByRole('button', { name: 'Stop showing my profile' }).click();
    await me.getByText('You withdrew this consent.').waitFor();
    await expect.poll(async () => (await consent('shownToCompanies'))?.granted).toBe(false);
    expect(await shown.isChecked()).toBe(false);
    expect(await fitsWidth(me), `the profile page fits ${name}`).toBe(true);

    await shown.click();
    await me.getByText('You gave this consent.').waitFor();
    await expect.poll(async () => (await consent('shownToCompanies'))?.granted).toBe(true);
  });

  it('a changed notice is asked for at the next visit, in a dialog only accepting closes', async () => {
    const version = `2027-02-${name === SCREENS[0].name ? '01' : '02'}`;
    e2e.config.dataRights = { ...e2e.config.dataRights, noticeVersion: version };
    const me = await e2e.signIn(EMAIL, viewport, '/candidate/profile');
    pages.push(me);
    const dialog = me.getByRole('dialog', { name: 'Our terms and privacy notice changed' });
    await dialog.waitFor();
    await dialog.getByText(`now version ${formatDate(version)}`).waitFor();
    await me.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await fitsWidth(me), `the dialog fits ${name}`).toBe(true);
    // The candidate turns marketing on while accepting.
    await dialog.getByRole('switch', { name: 'Marketing emails' }).click();
    await dialog.getByRole('button', { name: 'Accept and continue' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await consent('terms'))?.version).toBe(version);
    expect((await consent('marketing'))?.granted).toBe(true);
    // The page behind reads the choices again.
    const card = me.getByRole('region', { name: 'What you agreed to' });
    await expect.poll(() => card.getByRole('switch', { name: 'Marketing emails' }).isChecked()).toBe(true);
    // Withdrawn again for the next screen size.
    await card.getByRole('switch', { name: 'Marketing emails' }).click();
    await expect.poll(async () => (await consent('marketing'))?.granted).toBe(false);
  });
});

describe('Retention report', () => {
  it('an admin reads what the retention job did', async () => {
    await applyRetention(e2e.db.knex, e2e.config);
    const page = await e2e.signIn('admin@example.com', SCREENS[0].viewport, null);
    pages.push(page);
    await page.goto(`${e2e.baseUrl}/admin/retention-runs`);
    await page
      .getByRole('main')
      .getByText(/Inactive candidates reminded/)
      .first()
      .waitFor();
  });
});
