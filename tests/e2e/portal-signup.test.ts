/**
 * Company self sign-up in a real browser: the three steps with their checks, the completion page,
 * approval by an admin in the console, then the owner's first sign-in and an invited colleague
 * joining through the emailed invitation.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

async function requestCode(page: Page, email: string) {
  await page.goto(`${e2e.baseUrl}/auth/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
}

async function signIn(page: Page, email: string) {
  await requestCode(page, email);
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function fillYou(page: Page, you: { first: string; last: string; email: string; phone: string; title: string }) {
  await page.getByLabel('First name').fill(you.first);
  await page.getByLabel('Last name').fill(you.last);
  await page.getByLabel('Email').fill(you.email);
  await page.getByLabel('Phone').fill(you.phone);
  await page.getByLabel('Job title').fill(you.title);
}

describe('Company self sign-up', () => {
  it('Step 1 refuses a personal email, a malformed phone and unagreed terms before anything is sent', async () => {
    const page = await e2e.newPage();
    const posts: string[] = [];
    page.on('request', (req) => req.method() === 'POST' && posts.push(req.url()));
    await page.goto(`${e2e.baseUrl}/auth/company/signup/1`);
    await expect.poll(() => page.title()).toBe('Company sign up | Talentbase');
    await page.getByTestId('testimonial-panel').waitFor();
    await fillYou(page, { first: 'Dana', last: 'Reyes', email: 'dana@gmail.com', phone: '12-34', title: 'Founder' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Use your business email address, not a personal one').waitFor();
    await page.getByText('Enter a valid phone number').waitFor();
    await page.getByText('Please agree to the Terms of Service to continue').waitFor();
    expect(posts).toEqual([]);
    await expect(page.url()).toBe(`${e2e.baseUrl}/auth/company/signup/1`);
  });

  it('Steps 2 and 3 cannot be opened before the earlier steps are done', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/company/signup/3`);
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/1`);
  });

  it('A company signs up in three steps, is approved in the console, and its owner and invited colleague sign in', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/login`);
    await page.getByRole('link', { name: 'Sign up your company' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/1`);

    // Step 1: You.
    await fillYou(page, {
      first: 'Lena',
      last: 'Koh',
      email: 'lena.koh@hooli.example.com',
      phone: '+659 123 4567',
      title: 'Head of People',
    });
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // The address is proven with the emailed code before step 2 opens; a wrong code is refused.
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText('We sent a 6-digit code to lena.koh@hooli.example.com').waitFor();
    const code = await e2e.lastCode('lena.koh@hooli.example.com');
    await page.getByLabel('Confirmation code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByText('Verification code invalid or expired').waitFor();
    await expect(page.url()).toBe(`${e2e.baseUrl}/auth/company/signup/1`);
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm and continue' }).click();

    // Step 2: Company. The owner's domain is suggested; going back keeps what was typed.
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/2`);
    await page.getByRole('button', { name: 'hooli.example.com' }).waitFor();
    await page.getByLabel('Company name').fill('Hooli Labs');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/1`);
    await expect(page.getByRole('textbox', { name: /^Email/ }).inputValue()).resolves.toBe(
      'lena.koh@hooli.example.com',
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/2`);
    await expect(page.getByLabel('Company name').inputValue()).resolves.toBe('Hooli Labs');
    await page.getByLabel('Legal entity name').fill('Hooli Labs Pte. Ltd.');
    await page.getByLabel('Registration number').fill('202412345H');
    await page.getByLabel('Registered address').fill('10 Anson Road, #20-05, Singapore 079903');
    for (const country of ['Singapore', 'Malaysia']) {
      await page.getByLabel('Hiring countries').fill(country);
      await page.getByRole('option', { name: country, exact: true }).click();
    }
    await page.getByLabel('How did you hear about us?').click();
    await page.getByRole('option', { name: 'Other', exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByLabel('Tell us where').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('How did you hear about us?').click();
    await page.getByRole('option', { name: 'Referral', exact: true }).click();
    await expect(page.getByLabel('Tell us where').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 3: Team.
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/3`);
    await page.getByLabel('Colleague 1 email').fill('gavin@elsewhere.example.com');
    await page.getByRole('button', { name: 'Finish sign-up' }).click();
    await page.getByText('Use a colleague’s address at one of your company email domains').waitFor();
    await page.getByLabel('Colleague 1 email').fill('gavin@hooli.example.com');
    await page.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await page.getByRole('button', { name: 'Finish sign-up' }).click();

    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/complete`);
    await page.getByRole('heading', { name: 'Thanks for signing up!' }).waitFor();
    await page.getByText('Approval within 1 business day').first().waitFor();
    await page.getByText('Curated candidates within 3 business days').first().waitFor();
    const company = await e2e.db
      .knex('companies')
      .where('company_name', 'Hooli Labs')
      .first('id', 'status', 'company_source', 'valid_domains');
    expect(company).toMatchObject({ status: 0, company_source: 7, valid_domains: ['hooli.example.com'] });

    // Pending: the owner is refused with the pending message.
    const owner = await e2e.newPage();
    await signIn(owner, 'lena.koh@hooli.example.com');
    await owner.getByText('Your company is pending approval').waitFor();

    // An admin approves the company in the console (signed in through the console's own login).
    const admin = await e2e.newPage();
    await admin.goto(`${e2e.baseUrl}/admin/login`);
    await admin.getByLabel('Work email').fill('admin@example.com');
    await admin.getByRole('button', { name: 'Send code' }).click();
    await admin.getByLabel('Six-digit code').waitFor();
    await admin.getByLabel('Six-digit code').fill(await e2e.lastCode('admin@example.com'));
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL(/\/admin\/companies/);
    await admin
      .getByRole('navigation', { name: 'Console menu' })
      .getByRole('link', { name: 'Pending companies' })
      .click();
    await admin.getByRole('cell', { name: 'Hooli Labs', exact: true }).click();
    await admin.waitForURL(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`);
    await expect.poll(() => admin.getByRole('textbox', { name: /^Company name/ }).inputValue()).toBe('Hooli Labs');
    await admin.getByRole('combobox', { name: 'Status' }).click();
    await admin.getByRole('option', { name: 'Active', exact: true }).click();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => e2e.db.knex('companies').where('id', company.id).first('status')).toEqual({ status: 1 });

    // The owner signs in and lands on projects with the team menu.
    await signIn(owner, 'lena.koh@hooli.example.com');
    await owner.waitForURL(`${e2e.baseUrl}/projects`);
    await owner.getByRole('button', { name: 'Account menu' }).click();
    await owner.getByRole('menuitem', { name: 'Team' }).click();
    await owner.waitForURL(`${e2e.baseUrl}/team`);
    await owner.locator('[data-user-email="gavin@hooli.example.com"]').getByText('Pending').waitFor();

    // The invited colleague follows the emailed link, completes their details and arrives as a new user.
    const mail = await e2e.db
      .knex('outbox_emails')
      .where('to', 'gavin@hooli.example.com')
      .orderBy('id', 'desc')
      .first('text');
    const link = /\/auth\/company\/invite-signup\?cist=[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link, 'an invitation link emailed to gavin@hooli.example.com').toBeTruthy();
    const colleague = await e2e.newPage();
    await colleague.goto(`${e2e.baseUrl}${link}`);
    await colleague.getByRole('heading', { name: 'Join Hooli Labs on Talentbase' }).waitFor();
    await expect(colleague.getByLabel('Email').inputValue()).resolves.toBe('gavin@hooli.example.com');
    await colleague.getByLabel('First name').fill('Gavin');
    await colleague.getByLabel('Last name').fill('Belson');
    await colleague.getByLabel('Phone').fill('+659 765 4321');
    await colleague.getByLabel('Job title').fill('Engineering Manager');
    await colleague.getByRole('button', { name: 'Join the team' }).click();
    await colleague.waitForURL(`${e2e.baseUrl}/projects`);
    await colleague.getByTestId('welcome-new-user').getByText('Welcome to Talentbase, Gavin!').waitFor();

    // The link cannot be used twice.
    const again = await e2e.newPage();
    await again.goto(`${e2e.baseUrl}${link}`);
    await again.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
  });
});
