/**
 * Date inputs speak the product's day format ('2 Dec 2026') whatever the browser's language, at 1440×900 and
 * 390×844: the console's (a company's free trial end) and the candidate profile's notice date show the stored day
 * that way, take a day typed that way or as day/month/year, say at the field when the text is no day and save
 * nothing then, and store the same ISO day as before.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});

const UNREADABLE = 'Enter a date like 2 Dec 2026';
const nextYear = new Date().getFullYear() + 1;

/** The PUT requests a page sends while `act` runs. */
async function writesDuring(page: Page, act: () => Promise<void>): Promise<string[]> {
  const writes: string[] = [];
  const onRequest = (req: { method(): string; url(): string }) =>
    void (req.method() === 'PUT' && writes.push(req.url()));
  page.on('request', onRequest);
  await act();
  page.off('request', onRequest);
  return writes;
}

describe.each([
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
])('Date inputs at $width×$height', (viewport) => {
  it("the console's free trial end reads and takes '2 Dec 2026', refuses '31/11/2026' at the field, and stores the ISO day", async () => {
    const { id } = await e2e.db.knex('companies').where('company_name', 'Acme').first('id');
    await e2e.db.knex('companies').where({ id }).update({ trial_ends_at: '2026-12-02' });
    // Signed in, then straight to the company's page (a phone's console hides its menu, which signIn waits for).
    const page = await e2e.signIn('admin@example.com', viewport, null);
    await page.goto(`${e2e.baseUrl}/admin/companies/Company%3A${id}`);
    const trial = page.getByRole('textbox', { name: 'Free trial ends' });
    await expect.poll(() => trial.inputValue()).toBe('2 Dec 2026');
    await page.getByRole('button', { name: 'Choose the date: Free trial ends' }).waitFor();

    await trial.fill('31/11/2026');
    await trial.press('Tab');
    await page.getByText(UNREADABLE).waitFor();
    const refused = await writesDuring(page, async () => {
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The form is not valid. Please check for errors').waitFor();
    });
    expect(refused).toEqual([]);

    await trial.fill('15/1/2027');
    await trial.press('Tab');
    await expect.poll(() => trial.inputValue()).toBe('15 Jan 2027');
    await expect(page.getByText(UNREADABLE).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/companies');
    const saved = await e2e.db
      .knex('companies')
      .where({ id })
      .first(e2e.db.knex.raw("to_char(trial_ends_at, 'YYYY-MM-DD') as day"));
    expect(saved.day).toBe('2027-01-15');
  });

  it("the candidate's notice date takes '2 Mar <next year>', says at the field that '30 Feb' is no day, and stores the ISO day", async () => {
    await e2e.db
      .knex('candidates')
      .where('email', 'candidate@example.com')
      .update({ notice_period: JSON.stringify({ type: 1, option: 2 }) });
    const page = await e2e.signIn('candidate@example.com', viewport, '/candidate/profile');
    await page.getByRole('combobox', { name: 'Notice period' }).click();
    await page.getByRole('option', { name: 'Specific date' }).click();
    const day = page.getByRole('textbox', { name: 'Available from' });

    await day.fill(`30 Feb ${nextYear}`);
    await day.press('Tab');
    await page.getByText(UNREADABLE).waitFor();

    await day.fill(`2 Mar ${nextYear}`);
    await day.press('Enter');
    await expect.poll(() => day.inputValue()).toBe(`2 Mar ${nextYear}`);
    await expect(page.getByText(UNREADABLE).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('All changes saved').waitFor();
    const saved = await e2e.db.knex('candidates').where('email', 'candidate@example.com').first('notice_period');
    expect(saved.notice_period).toEqual({ type: 2, option: `${nextYear}-03-02` });
  });
});
