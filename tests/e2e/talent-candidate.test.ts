/**
 * A candidate's own page in a real browser against the real server: they edit their profile
 * under the same rules as the console, pause and re-activate it after confirming, change their
 * email with a code sent to the new address, and read honest profile insights.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SNACKBAR_HIDE_MS } from '../../portal/app/notify';
import { startE2E, type E2E } from '../helpers/e2e';

const EMAIL = 'candidate@example.com';
let e2e: E2E;
let page: Page;
let candidateId: number;

async function signIn(p: Page, email: string) {
  await p.goto(`${e2e.baseUrl}/auth/login`);
  await p.getByLabel('Work email').fill(email);
  await p.getByRole('button', { name: 'Send code' }).click();
  await p.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await p.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(email));
  await p.getByRole('button', { name: 'Sign in' }).click();
}

beforeAll(async () => {
  e2e = await startE2E();
  candidateId = (await e2e.db.knex('candidates').where('email', EMAIL).first('id')).id;
  page = await e2e.newPage();
  await signIn(page, EMAIL);
  await page.waitForURL(`${e2e.baseUrl}/candidate/profile`);
  await page.getByRole('heading', { name: 'Identity and contact' }).waitFor();
});

describe("The candidate's own profile", () => {
  it('A candidate edits their profile, sees a broken rule at its field, and saves', async () => {
    // The console's fields are not theirs to set.
    await expect(page.getByRole('heading', { name: 'Internal' }).count()).resolves.toBe(0);
    await expect(page.getByRole('combobox', { name: 'Status' }).count()).resolves.toBe(0);
    await expect(page.getByRole('textbox', { name: 'Email' }).isEditable()).resolves.toBe(false);

    const summary = page.getByRole('textbox', { name: 'Summary' });
    await summary.fill('Payments engineer who enjoys mentoring and clear APIs.');
    const salary = page.getByRole('textbox', { name: 'Expected minimum basic salary' });
    await salary.fill('-5');
    await page.getByText('A salary cannot be negative').waitFor();
    await salary.fill('13500');
    await expect.poll(() => page.getByText('A salary cannot be negative').count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole('button', { name: 'Contract' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();

    await page.getByText('Saved successfully').waitFor();
    const row = await e2e.db
      .knex('candidates')
      .where('id', candidateId)
      .first('summary', 'expected_salary', 'type_of_employment');
    expect(row.summary).toBe('Payments engineer who enjoys mentoring and clear APIs.');
    expect(row.expected_salary).toBe(13500);
    await page.getByText('All changes saved').waitFor();
  });

  it('A candidate pauses their profile after confirming, then activates it again', async () => {
    await page.getByRole('button', { name: 'Pause profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause your profile?' });
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(e2e.db.knex('candidates').where('id', candidateId).first('status')).resolves.toEqual({ status: 1 });

    await page.getByRole('button', { name: 'Pause profile' }).click();
    await dialog.getByRole('button', { name: 'Pause profile' }).click();
    await page.getByText('Your profile is paused').waitFor();
    const pausedShown = Date.now();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('candidate-status').innerText(), { timeout: 10_000 }).toBe('Paused');
    await page.getByTestId('status-explanation').getByText('You paused your profile').waitFor();
    await expect(
      e2e.db.knex('candidates').where('id', candidateId).first('status', 'self_chosen_status'),
    ).resolves.toEqual({
      status: 2,
      self_chosen_status: true,
    });

    await page.getByRole('button', { name: 'Activate profile' }).click();
    const activate = page.getByRole('dialog', { name: 'Activate your profile?' });
    await activate.getByRole('button', { name: 'Activate profile' }).click();
    await page.getByText('Your profile is active again').waitFor();
    // The newer message replaced the one showing: queued, it could only have shown once the other's 6 seconds were out.
    expect(Date.now() - pausedShown).toBeLessThan(SNACKBAR_HIDE_MS);
    await expect(page.getByText('Your profile is paused').count()).resolves.toBe(0);
    await activate.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('candidate-status').innerText(), { timeout: 10_000 }).toBe('Active');
    await expect(e2e.db.knex('candidates').where('id', candidateId).first('status')).resolves.toEqual({ status: 1 });
  });

  it('Profile insights say so honestly when nothing happened yet, and count what companies did', async () => {
    await e2e.db.knex('candidate_search_or_view_logs').where('candidate_id', candidateId).delete();
    await e2e.db.knex('candidate_recruitment_stage_logs').where('candidate_id', candidateId).delete();
    await page.reload();
    await page.getByTestId('insights-empty').getByText('No activity yet').waitFor();

    // A company sees the candidate in search twice and opens the profile once.
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${e2e.baseUrl}/api/v1/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    await post('auth/send-email-otp', { email: 'owner@acme.example.com' });
    const { accessToken } = (await (
      await post('auth/login-by-email-otp', {
        email: 'owner@acme.example.com',
        otp: await e2e.lastCode('owner@acme.example.com'),
      })
    ).json()) as {
      accessToken: string;
    };
    for (let i = 0; i < 2; i += 1)
      expect(
        (
          await post(
            'candidate-search-or-view-log/search-appearance',
            { candidates: [`Candidate:${candidateId}`] },
            accessToken,
          )
        ).status,
      ).toBe(201);
    expect(
      (
        await post(
          'candidate-search-or-view-log/profile-view',
          { candidateId: `Candidate:${candidateId}` },
          accessToken,
        )
      ).status,
    ).toBe(201);

    await page.reload();
    const count = (metric: string) => page.getByTestId(`insight-${metric}`).locator('p').first();
    await count('searchAppearances').getByText('2', { exact: true }).waitFor();
    await expect(count('views').innerText()).resolves.toBe('1');
    await expect(count('shortlists').innerText()).resolves.toBe('0');
    await page.getByRole('button', { name: 'Past 7 days' }).click();
    await expect(count('searchAppearances').innerText()).resolves.toBe('2');
    await expect(page.getByTestId('insights-empty').count()).resolves.toBe(0);
  });

  it('A candidate changes their email with the code sent to the new address', async () => {
    await page.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your email' });
    await dialog.getByRole('textbox', { name: 'New email address' }).fill('chloe.wong@mail.example.com');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('We sent a 6-digit code to chloe.wong@mail.example.com').waitFor();
    await expect(e2e.db.knex('candidates').where('id', candidateId).first('email')).resolves.toEqual({ email: EMAIL });

    await dialog.getByLabel('Digit 1 of 6').fill(await e2e.lastCode('chloe.wong@mail.example.com'));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your email is now chloe.wong@mail.example.com').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).resolves.toBe(
      'chloe.wong@mail.example.com',
    );
    await expect(e2e.db.knex('candidates').where('id', candidateId).first('email')).resolves.toEqual({
      email: 'chloe.wong@mail.example.com',
    });
  });
});
