/**
 * Saving the candidate's profile as a candidate meets it: Save is off while everything is saved, a
 * refused save brings the first field to fix into view above the sticky save bar, and the message
 * about it covers neither that field nor the profile's picture. On a laptop and on a phone.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const EMAIL = 'candidate@example.com';
const SHOTS = process.env.SCREENSHOT_DIR;
let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  page = await e2e.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${e2e.baseUrl}/auth/login`);
  await page.getByLabel('Work email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(EMAIL));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${e2e.baseUrl}/candidate/profile`);
  await page.getByRole('heading', { name: 'Identity and contact' }).waitFor();
});

const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};
const saveButton = () => page.getByRole('button', { name: 'Save changes' });
const saveBar = () => page.getByTestId('save-bar');
type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox()) as Box;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The field is on screen, below the top bar and above the save bar. */
async function expectInView(field: Locator, viewport: { height: number }) {
  await expect.poll(async () => (await field.boundingBox())?.y ?? -1).toBeGreaterThan(0);
  const f = await box(field);
  const bar = await box(saveBar());
  const top = await box(page.locator('header.MuiAppBar-root'));
  expect(f.y, 'below the top bar').toBeGreaterThanOrEqual(top.y + top.height);
  expect(f.y + f.height, 'above the save bar').toBeLessThanOrEqual(bar.y);
  expect(f.y + f.height).toBeLessThanOrEqual(viewport.height);
}

describe('Saving the candidate profile', () => {
  it('Save is off while the bar says everything is saved, and on once something changes', async () => {
    await page.getByText('All changes saved').waitFor();
    await expect(saveButton().isDisabled()).resolves.toBe(true);
    const summary = page.getByRole('textbox', { name: 'Summary' });
    const before = await summary.inputValue();
    await summary.fill(`${before} Enjoys mentoring.`);
    await page.getByText('You have unsaved changes').waitFor();
    await expect(saveButton().isEnabled()).resolves.toBe(true);
    await summary.fill(before);
    await page.getByText('All changes saved').waitFor();
    await expect(saveButton().isDisabled()).resolves.toBe(true);
  });

  it.each([
    ['laptop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)(
    'On a %s, a refused save scrolls the first field to fix into view above the save bar, and the message covers neither it nor the picture',
    async (name, viewport) => {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.getByRole('heading', { name: 'Identity and contact' }).waitFor();
      const salary = page.getByRole('textbox', { name: 'Expected minimum basic salary' });
      await salary.fill('-5');
      await page.getByText('A salary cannot be negative').waitFor();
      // The candidate goes on to the end of the page and saves from there.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await saveButton().click();

      const toast = page.getByTestId('snackbar');
      await toast.waitFor();
      await expectInView(salary, viewport);
      await expect.poll(() => salary.evaluate((el) => el === document.activeElement)).toBe(true);
      await shot(`profile-refused-${name}`);
      expect(overlaps(await box(toast), await box(salary)), 'the message leaves the field visible').toBe(false);

      // The message sits over the top bar's right end (the spec's top right), never over the page: the account
      // menu under it is free again when it hides or is closed; the profile's picture stays in sight.
      expect((await box(toast)).y, 'the message is over the top bar').toBeLessThan(20);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(`profile-refused-top-${name}`);
      const picture = page.getByTestId('profile-picture');
      if (await toast.isVisible())
        expect(overlaps(await box(toast), await box(picture)), 'the message leaves the profile picture visible').toBe(
          false,
        );

      await salary.fill('12000');
      await expect.poll(() => page.getByText('A salary cannot be negative').count(), { timeout: 10_000 }).toBe(0);
    },
  );

  it("The page's header is drawn before the form's code is asked for, and the form's text areas grow with their text without measuring themselves", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // When the status line first reaches the page (React's commit), and when the form's chunk was asked for.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.body?.innerText.includes('Your profile is active')) return;
        (window as unknown as { headerAt: number }).headerAt = performance.now();
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Identity and contact' }).waitFor();
    const { headerAt, formAskedAt } = await page.evaluate(() => ({
      headerAt: (window as unknown as { headerAt: number }).headerAt,
      formAskedAt: performance
        .getEntriesByType('resource')
        .find((e) => /\/assets\/ProfileDetails-[\w-]+\.js$/.test(e.name))?.startTime,
    }));
    expect(formAskedAt, "the form's code was asked for").toBeDefined();
    expect(formAskedAt!, 'after the header was drawn').toBeGreaterThan(headerAt);

    // Plain text areas sized by the browser: MUI's measuring one keeps a hidden twin beside each.
    await expect(page.locator('textarea[aria-hidden="true"]').count()).resolves.toBe(0);
    const summary = page.getByRole('textbox', { name: 'Summary' });
    const before = await summary.inputValue();
    const height = async () => (await box(summary)).height;
    await summary.fill('One line');
    const one = await height();
    await summary.fill('One line\n'.repeat(6));
    await expect.poll(height).toBeGreaterThan(one);
    const six = await height();
    await summary.fill('One line\n'.repeat(30));
    // At most ten lines, then it scrolls.
    await expect.poll(height).toBeGreaterThan(six);
    const most = await height();
    expect(most).toBeLessThan(six * 2);
    await expect(summary.evaluate((el) => el.scrollHeight > el.clientHeight)).resolves.toBe(true);
    await summary.fill(before);
  });
});
