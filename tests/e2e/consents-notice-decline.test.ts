/**
 * The terms and privacy notice in a real browser, at a desktop and a phone (touch) size: a version published while
 * the candidate is signed in is asked for as the page comes back into view, without a reload; the dialog links the
 * privacy notice and the terms, each dated by the version in force; declining is recorded and leaves the candidate
 * their data rights alone (a copy, an erasure) under a banner offering to accept after all; accepting then with
 * marketing left off records no date for it (it was never given). A profile the candidate paused says Paused, not Inactive.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_PURPOSES } from '../../schema/rules/consents';
import { formatDate } from '../../schema/rules/dates';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { startE2E, type E2E } from '../helpers/e2e';

const EMAIL = 'candidate@example.com';
const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 }, mobile: false },
  { name: '390×844', viewport: { width: 390, height: 844 }, mobile: true },
];
let e2e: E2E;
let candidateId: number;
let original: string;
const contexts: BrowserContext[] = [];

const terms = () =>
  e2e.db.knex('candidate_consents').where({ candidate_id: candidateId, purpose: CONSENT_PURPOSES.terms }).first();
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

/** A context of its own at the screen's size (a phone's with touch), signed in as the candidate. */
async function signedIn(screen: (typeof SCREENS)[number]): Promise<Page> {
  const context = await e2e.browser.newContext({
    viewport: screen.viewport,
    isMobile: screen.mobile,
    hasTouch: screen.mobile,
    reducedMotion: 'reduce',
  });
  contexts.push(context);
  const headers = { origin: e2e.baseUrl };
  await context.request.post(`${e2e.baseUrl}/api/v1/auth/send-email-otp`, { data: { email: EMAIL }, headers });
  const login = await context.request.post(`${e2e.baseUrl}/api/v1/auth/login-by-email-otp`, {
    data: { email: EMAIL, otp: await e2e.lastCode(EMAIL) },
    headers,
  });
  expect(login.status()).toBe(200);
  return context.newPage();
}

beforeAll(async () => {
  e2e = await startE2E();
  candidateId = (await e2e.db.knex('candidates').where('email', EMAIL).first('id')).id;
  original = e2e.config.dataRights.noticeVersion;
});
afterAll(async () => {
  e2e.config.dataRights = { ...e2e.config.dataRights, noticeVersion: original };
  for (const c of contexts) await c.close();
});

describe.each(SCREENS)('The notice at $name', (screen) => {
  // One sign-in per screen: the emailed-code sign-in is rate limited per address.
  let page: Page;
  beforeAll(async () => {
    page = await signedIn(screen);
  });

  it('a paused profile says Paused', async () => {
    const before = await e2e.db.knex('candidates').where('id', candidateId).first('status', 'self_chosen_status');
    await e2e.db
      .knex('candidates')
      .where('id', candidateId)
      .update({ status: CANDIDATE_STATUS.inactive, self_chosen_status: true });
    await page.goto(`${e2e.baseUrl}/candidate/profile`);
    await page.getByText('You paused your profile').waitFor();
    expect(await page.getByTestId('candidate-status').innerText()).toBe('Paused');
    await e2e.db.knex('candidates').where('id', candidateId).update(before);
  });

  it('a new version is asked for without a reload; declining leaves the data rights; accepting opens all again', async () => {
    await page.goto(`${e2e.baseUrl}/candidate/profile`);
    await page.getByTestId('candidate-status').waitFor();
    const version = `2027-03-0${screen.mobile ? 2 : 1}`;
    e2e.config.dataRights = { ...e2e.config.dataRights, noticeVersion: version };
    // The candidate comes back to the open page.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const dialog = page.getByRole('dialog', { name: /^Our terms and privacy notice/ });
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByText(/now version/).waitFor();
    const privacy = dialog.getByRole('link', { name: 'Read the privacy notice' });
    expect(await privacy.getAttribute('href')).toBe('/privacy-notice');
    expect(await dialog.getByRole('link', { name: 'Read the terms of service' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(await fitsWidth(page), `the dialog fits ${screen.name}`).toBe(true);
    const decline = dialog.getByRole('button', { name: 'Decline' });
    await decline.waitFor();
    // A tap target of a usable size, inside the screen.
    await expect
      .poll(async () => {
        const box = await decline.boundingBox();
        return !!box && box.height >= 36 && box.x >= 0 && box.x + box.width <= screen.viewport.width;
      })
      .toBe(true);

    await decline.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('You declined our terms and privacy notice').waitFor();
    expect(await terms()).toMatchObject({ granted: false, version });
    await page.getByRole('button', { name: 'Prepare a copy of my data' }).waitFor();
    await page.getByRole('button', { name: 'Erase my data' }).waitFor();
    expect(await page.getByRole('region', { name: 'What you agreed to' }).count()).toBe(0);
    expect(await fitsWidth(page), `the declined page fits ${screen.name}`).toBe(true);

    await page.getByRole('button', { name: 'Review and accept' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('switch', { name: 'Marketing emails' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Accept and continue' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await terms())?.version).toBe(version);
    expect((await terms())?.granted).toBe(true);
    const card = page.getByRole('region', { name: 'What you agreed to' });
    await card.waitFor();
    await card.getByText(/You accepted the terms and privacy notice of/).waitFor();
    // Marketing was left off, as it always was: no decision recorded, so no date, and not "Since" as a consent given says.
    const marketing = await card.getByText(/^News about the product/).innerText();
    expect(marketing).not.toMatch(/since/i);
  });

  it('the privacy notice and the terms are dated by the version in force', async () => {
    const version = '2027-04-05';
    e2e.config.dataRights = { ...e2e.config.dataRights, noticeVersion: version };
    await page.goto(`${e2e.baseUrl}/privacy-notice`);
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
    await page.getByText(`Last updated: ${formatDate(version)}`).waitFor();
    await page
      .getByText(/anonymous profiles/)
      .first()
      .waitFor();
    await page.getByRole('heading', { name: /How long we keep it/ }).waitFor();
    expect(await fitsWidth(page), `the privacy notice fits ${screen.name}`).toBe(true);
    await page.goto(`${e2e.baseUrl}/terms-of-service`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.getByText(`Last updated: ${formatDate(version)}`).waitFor();
    e2e.config.dataRights = { ...e2e.config.dataRights, noticeVersion: original };
  });
});
