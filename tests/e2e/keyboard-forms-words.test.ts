/**
 * Forms by keyboard and the words they use, as a new user meets them: the buy-credits dialog pays on Enter and says
 * when the box holds no credits; the empty credits tables of a company point at Buy credits; company sign-up steps 2 and
 * 3 open with the focus on their heading; step 1 words every missing field the same way; the candidate's CV note is a
 * note, not an alert.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** The focused element's tag and text, or BODY when nothing holds the focus. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return !el || el === document.body ? 'BODY' : `${el.tagName} ${el.innerText.trim()}`;
  });

describe('Buying credits', () => {
  it('The empty tables point at Buy credits; 0 credits says so without a total; Enter with 5 opens the checkout', async () => {
    const owner = await e2e.db.knex('company_users').where('email', 'owner@raas.example.com').first('company_id');
    await e2e.db.knex('credit_logs').where('company_id', owner.company_id).delete();
    await e2e.db.knex('credit_lots').where('company_id', owner.company_id).delete();
    const page = await e2e.signIn('owner@raas.example.com', undefined, '/credits/company');
    await page.getByTestId('credits-empty').getByText('No credits yet.').waitFor();
    await page.getByTestId('credits-empty').getByText('No credit movements yet.').waitFor();

    await page.getByRole('button', { name: 'Buy credits' }).click();
    const modal = page.getByRole('dialog', { name: 'Purchase credits' });
    const box = modal.getByTestId('purchase-quantity');
    await box.fill('0');
    await modal.getByText('Enter at least 1 credit').waitFor();
    await expect(modal.getByTestId('purchase-total').count()).resolves.toBe(0);
    await expect(box.getAttribute('aria-invalid')).resolves.toBe('true');

    await box.fill('5');
    await expect(modal.getByText('Enter at least 1 credit').count()).resolves.toBe(0);
    await expect(modal.getByTestId('purchase-total').innerText()).resolves.toContain('Total');
    await box.press('Enter');
    await page.getByTestId('test-mode-banner').waitFor();
    const order = await e2e.db.knex('sales_orders').orderBy('id', 'desc').first('quantity');
    expect(Number(order.quantity)).toBe(5);
  });
});

describe('Company sign-up', () => {
  it('Step 1 words its missing fields alike; steps 2 and 3 open with the focus on their heading', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.baseUrl}/auth/company/signup/1`);
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const text of ['Enter the first name', 'Enter the last name', 'Enter the phone number', 'Enter the job title'])
      await page.getByText(text, { exact: true }).waitFor();
    await expect(page.getByText('This field is required').count()).resolves.toBe(0);

    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Tan');
    await page.getByLabel('Email').fill('ada.tan@initrode.example.com');
    await page.getByLabel('Phone').fill('+659 123 4567');
    await page.getByLabel('Job title').fill('Founder');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByLabel('Confirmation code').fill(await e2e.lastCode('ada.tan@initrode.example.com'));
    await page.getByLabel('Confirmation code').press('Enter');
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/2`);
    await expect.poll(() => focused(page)).toBe('H1 About your company');

    await page.getByLabel('Company name').fill('Initrode');
    await page.getByLabel('Legal entity name').fill('Initrode Pte. Ltd.');
    await page.getByLabel('Registration number').fill('202498765K');
    await page.getByLabel('Registered address').fill('1 Raffles Place, Singapore 048616');
    await page.getByLabel('Hiring countries').fill('Singapore');
    await page.getByRole('option', { name: 'Singapore', exact: true }).click();
    await page.getByLabel('How did you hear about us?').click();
    await page.getByRole('option', { name: 'Referral', exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).press('Enter');
    await page.waitForURL(`${e2e.baseUrl}/auth/company/signup/3`);
    await expect.poll(() => focused(page)).toBe('H1 Invite your team');
  });
});

describe('The candidate profile', () => {
  it('The note that a new CV replaces the current one is a note, not an alert', async () => {
    const page = await e2e.signIn('candidate@example.com', undefined, '/candidate/profile');
    const note = page.getByText('A new CV replaces the current one when you save your profile.');
    await note.waitFor();
    const role = await note.evaluate((el) => el.closest('.MuiAlert-root')?.getAttribute('role'));
    expect(role).not.toBe('alert');
    await expect(page.getByRole('alert').filter({ hasText: 'A new CV replaces' }).count()).resolves.toBe(0);
  });
});
