/**
 * Saving an older copy of a candidate profile, in a real browser against the real server: the console's edit form
 * opened before the candidate paused and went anonymous, and the candidate's own tab left open, are refused with a
 * dialog that reloads the profile (keeping the person's own edits), so the pause and the anonymity stay. Changing a
 * status the candidate chose asks for a second confirmation. The page's header says when the candidate hid their
 * profile from companies by turning "Shown to companies" off, on a laptop (1440×900) and a phone (390×844).
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

const EMAIL = 'candidate@example.com';
const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
let e2e: E2E;
/** The seeded candidate who signs in to their own page (their email changes in one test). */
let ownId: number;

beforeAll(async () => {
  e2e = await startE2E();
  ownId = (await e2e.db.knex('candidates').where('email', EMAIL).first('id')).id as number;
});

/** Pages a test opened, closed after it: open pages of earlier tests would keep their live channels and timers. */
const opened: Page[] = [];
afterEach(async () => {
  for (const page of opened.splice(0)) await page.close();
});

/** The own candidate's address as it stands. */
const ownEmail = async () => (await e2e.db.knex('candidates').where('id', ownId).first('email')).email as string;

/** A candidate's call through the API with their own session (another tab, another device). */
async function asCandidate(email: string): Promise<(method: string, path: string, body?: unknown) => Promise<number>> {
  const call = (method: string, path: string, body?: unknown, token?: string) =>
    fetch(`${e2e.baseUrl}/api/v1/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  await call('POST', 'auth/send-email-otp', { email });
  const login = await call('POST', 'auth/login-by-email-otp', { email, otp: await e2e.lastCode(email) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return async (method, path, body) => (await call(method, path, body, accessToken)).status;
}

const stored = (id: number) =>
  e2e.db.knex('candidates').where('id', id).first('status', 'anonymous', 'summary', 'self_chosen_status');

/** The candidate's own page, signed in, with its form drawn. */
async function profilePage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.signIn(await ownEmail(), viewport, '/candidate/profile');
  opened.push(page);
  await page.getByRole('heading', { name: 'Identity and contact' }).waitFor();
  return page;
}

describe('A save from an older copy of the profile', () => {
  it("The console's form opened before the candidate paused and went anonymous is refused; reloaded, it saves without undoing them", async () => {
    // A profile that passes every rule today (as talent-console.test.ts picks them), active and not anonymous.
    const target = await e2e.db
      .knex('candidates')
      .whereRaw(
        "jsonb_array_length(skills) >= 2 and (select count(*) from jsonb_array_elements(skills) s where (s->>'isStar')::boolean) < 5",
      )
      .whereRaw("(notice_period->>'type')::int <> 2")
      .whereRaw('cardinality(job_title_looking_for) between 1 and 5')
      .where({ is_special_hk_candidate: false, status: 1, anonymous: false })
      .whereNot('email', EMAIL)
      .orderBy('id')
      .first('id', 'email', 'summary');
    const admin = await e2e.newPage(LAPTOP);
    opened.push(admin);
    admin.on('dialog', (dialog) => void dialog.accept());
    await signInAtConsole(e2e, admin, 'admin@example.com');
    await admin.waitForURL(/\/admin\/companies/);
    await admin.goto(`${e2e.baseUrl}/admin/talent/edit/Candidate:${target.id}`);
    const summary = admin.getByRole('textbox', { name: 'Summary' });
    await summary.waitFor();
    const anonymous = admin.getByLabel('Anonymous', { exact: true });
    expect(await anonymous.isChecked()).toBe(false);

    // Meanwhile the candidate pauses their profile and turns anonymity on.
    const candidate = await asCandidate(target.email);
    expect(await candidate('POST', `candidates/Candidate:${target.id}/pause`)).toBe(200);
    expect(await candidate('PUT', `candidates/Candidate:${target.id}`, { anonymous: true })).toBe(200);

    await summary.fill('Edited in the console while the candidate paused.');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    const changed = admin.getByRole('dialog', { name: 'This profile changed meanwhile' });
    await changed.getByText('This profile was changed after you opened it.').waitFor();
    expect(await stored(target.id)).toMatchObject({ status: 2, anonymous: true, summary: target.summary });

    await changed.getByRole('button', { name: 'Reload profile' }).click();
    await changed.waitFor({ state: 'detached' });
    await expect.poll(() => anonymous.isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await summary.inputValue()).toBe('Edited in the console while the candidate paused.');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText('Profile saved').waitFor();
    expect(await stored(target.id)).toEqual({
      status: 2,
      anonymous: true,
      summary: 'Edited in the console while the candidate paused.',
      self_chosen_status: true,
    });

    // Changing the status the candidate chose takes a second, explicit confirmation.
    await admin.goto(`${e2e.baseUrl}/admin/talent/edit/Candidate:${target.id}`);
    await admin.getByRole('combobox', { name: 'Status' }).click();
    await admin.getByRole('option', { name: 'Active', exact: true }).click();
    await admin.getByTestId('self-chosen-status').waitFor();
    await admin.getByRole('button', { name: 'Save changes' }).click();
    const override = admin.getByRole('dialog', { name: 'Override the status the candidate chose?' });
    await override.waitFor();
    expect(await stored(target.id)).toMatchObject({ status: 2, self_chosen_status: true });
    await override.getByRole('button', { name: 'Change anyway' }).click();
    await admin.getByText('Profile saved').waitFor();
    expect(await stored(target.id)).toMatchObject({ status: 1, self_chosen_status: false, anonymous: true });
  });

  it("The candidate's tab left open does not turn anonymity off again; reloaded, it keeps what they typed", async () => {
    const id = ownId;
    const laptop = await profilePage(LAPTOP);
    const phone = await profilePage(PHONE);

    await phone.getByLabel('Anonymous', { exact: true }).check();
    await phone.getByRole('button', { name: 'Save changes' }).click();
    await phone.getByText('Saved successfully').waitFor();
    expect(await stored(id)).toMatchObject({ anonymous: true });

    const summary = laptop.getByRole('textbox', { name: 'Summary' });
    await summary.fill('Written on the laptop.');
    await laptop.getByRole('button', { name: 'Save changes' }).click();
    const changed = laptop.getByRole('dialog', { name: 'This profile changed meanwhile' });
    await changed.waitFor();
    expect(await stored(id)).toMatchObject({ anonymous: true });
    expect((await stored(id)).summary).not.toBe('Written on the laptop.');

    await changed.getByRole('button', { name: 'Reload profile' }).click();
    await changed.waitFor({ state: 'detached' });
    await expect
      .poll(() => laptop.getByLabel('Anonymous', { exact: true }).isChecked(), { timeout: 10_000 })
      .toBe(true);
    expect(await summary.inputValue()).toBe('Written on the laptop.');
    await laptop.getByRole('button', { name: 'Save changes' }).click();
    await laptop.getByText('Saved successfully').waitFor();
    expect(await stored(id)).toMatchObject({ anonymous: true, summary: 'Written on the laptop.' });
  });

  it('A candidate who changed their email saves their profile next without being told it changed', async () => {
    const page = await profilePage(LAPTOP);
    await page.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your email' });
    await dialog.getByRole('textbox', { name: 'New email address' }).fill('chloe.stale@mail.example.com');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('We sent a 6-digit code to chloe.stale@mail.example.com').waitFor();
    await dialog.getByLabel('Digit 1 of 6').fill(await e2e.lastCode('chloe.stale@mail.example.com'));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Summary' }).fill('Saved after a new email.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved successfully').waitFor();
    await expect(
      e2e.db.knex('candidates').where('email', 'chloe.stale@mail.example.com').first('summary'),
    ).resolves.toEqual({ summary: 'Saved after a new email.' });
  });
});

describe("The header of the candidate's page", () => {
  it.each([
    ['a laptop', LAPTOP],
    ['a phone', PHONE],
  ])(
    'On %s, says the profile is hidden from companies by their choice once "Shown to companies" is off',
    async (_, viewport) => {
      const page = await e2e.signIn(await ownEmail(), viewport, '/candidate/profile');
      opened.push(page);
      const explanation = page.getByTestId('status-explanation');
      await explanation.getByText('Your profile is active').waitFor();

      const shown = page.getByLabel('Shown to companies');
      await shown.scrollIntoViewIfNeeded();
      // Turning it off asks first.
      await shown.click();
      await page
        .getByRole('dialog', { name: 'Stop showing your profile to companies?' })
        .getByRole('button', {
          name: 'Stop showing my profile',
        })
        .click();
      await explanation.getByText('Your profile is hidden from companies by your choice').waitFor();
      await expect(explanation.getByText('companies can find you').count()).resolves.toBe(0);

      // As the page opens again, too.
      await page.reload();
      await explanation.getByText('Your profile is hidden from companies by your choice').waitFor();

      await page.getByLabel('Shown to companies').click();
      await explanation.getByText('Your profile is active').waitFor();
    },
  );
});
