/**
 * A company sign-up left longer than its draft lives (24 hours) in the same tab: the next step the server refuses
 * sends the person back to step 1 with what they typed and a plain word that it timed out, and continuing there
 * emails a new code and finishes the sign-up. The admins' email about it then opens the company in the console.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

const TIMED_OUT = /Your sign-up timed out/;

async function fillYou(page: Page, email: string) {
  await page.goto(`${e2e.baseUrl}/auth/company/signup/1`);
  await page.getByLabel('First name').fill('Mira');
  await page.getByLabel('Last name').fill('Santos');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+659 222 3333');
  await page.getByLabel('Job title').fill('COO');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
}

async function enterCode(page: Page, email: string) {
  await page.getByLabel('Confirmation code').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
}

/** Lets the draft behind `email`'s sign-up expire, as a day later. */
const expire = (email: string) =>
  e2e.db.knex.raw(`update signup_drafts set expires_at = now() - interval '1 hour' where email = ?`, [email]);

const codesTo = async (email: string) =>
  Number((await e2e.db.knex('outbox_emails').where('to', email).count({ n: '*' }).first())?.n ?? 0);

async function expectYouKept(page: Page, email: string) {
  await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Mira');
  await expect(page.getByLabel('Last name').inputValue()).resolves.toBe('Santos');
  await expect(page.getByRole('textbox', { name: /^Email/ }).inputValue()).resolves.toBe(email);
  await expect(page.getByLabel('Job title').inputValue()).resolves.toBe('COO');
  await expect(page.getByRole('checkbox', { name: /I agree to the/ }).isChecked()).resolves.toBe(true);
}

describe('A company sign-up whose draft expired', () => {
  it('Goes back to step 1 with what was typed, says it timed out, and finishes with a new code', async () => {
    const email = 'mira@santos-freight.example.com';
    const page = await e2e.newPage();
    await fillYou(page, email);
    await enterCode(page, email);
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/2`);
    await page.getByLabel('Company name').fill('Santos Freight');
    await page.getByLabel('Legal entity name').fill('Santos Freight Pte. Ltd.');
    await page.getByLabel('Registration number').fill('202455555K');
    await page.getByLabel('Registered address').fill('8 Marina View, Singapore 018960');
    await page.getByLabel('Hiring countries').fill('Singapore');
    await page.getByRole('option', { name: 'Singapore', exact: true }).click();
    await page.getByLabel('How did you hear about us?').click();
    await page.getByRole('option', { name: 'Referral', exact: true }).click();

    await expire(email);
    const sentBefore = await codesTo(email);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back on step 1, values kept, told plainly what happened; nothing was sent yet.
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/1`);
    await page.getByRole('alert').filter({ hasText: TIMED_OUT }).waitFor();
    await page.getByText(/we will email you a new code/).waitFor();
    await expectYouKept(page, email);
    expect(await codesTo(email)).toBe(sentBefore);

    // Continuing starts a new draft: a new code, then step 2 with the company as typed.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await codesTo(email)).toBe(sentBefore + 1);
    await enterCode(page, email);
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/2`);
    await expect(page.getByLabel('Company name').inputValue()).resolves.toBe('Santos Freight');
    await expect(page.getByLabel('Registered address').inputValue()).resolves.toBe('8 Marina View, Singapore 018960');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/3`);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/complete`);
    await page.getByRole('heading', { name: 'Thanks for signing up!' }).waitFor();

    const company = await e2e.db.knex('companies').where('company_name', 'Santos Freight').first('id', 'status');
    expect(company).toMatchObject({ status: 0 });
    const drafts = await e2e.db.knex('signup_drafts').where('email', email).orderBy('id').select('completed_at');
    expect(drafts.map((d) => d.completed_at !== null)).toEqual([false, true]);

    // The admins' email about it opens the company's page in the console.
    const mail = await e2e.db
      .knex('outbox_emails')
      .where('to', 'admin@example.com')
      .where('subject', 'New company awaiting approval: Santos Freight')
      .first('text');
    const link = new URL(/Review it in the console: (\S+)/.exec(mail?.text ?? '')?.[1] as string);
    const admin = await e2e.signIn('admin@example.com', undefined, `${link.pathname}${link.search}${link.hash}`);
    await admin.waitForURL(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`);
    await expect.poll(() => admin.getByRole('textbox', { name: /^Company name/ }).inputValue()).toBe('Santos Freight');
  });

  it('Expired while its code is asked for: back to the form with what was typed, not the code', async () => {
    const email = 'mira@santos-docks.example.com';
    const page = await e2e.newPage();
    await fillYou(page, email);
    await expire(email);
    await enterCode(page, email);
    await page.getByRole('alert').filter({ hasText: TIMED_OUT }).waitFor();
    await expect(page.getByLabel('Confirmation code').count()).resolves.toBe(0);
    await expectYouKept(page, email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await enterCode(page, email);
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/2`);
  });
});
