/**
 * The welcome after a first sign-in, at 1440×900 and 390×844: the founder who signed the company up is welcomed at
 * their first sign-in after approval (not only an invited colleague), once: not after a reload nor at the next
 * sign-in. A Member is told their list holds what teammates share with them, by the project rules.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];
const BASE = '/api/v1/auth/company/self/signup';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

async function post(path: string, body: Record<string, unknown>) {
  const res = await fetch(`${e2e.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** A company signed up through the three public steps by `email`, then approved; answers its id. */
async function approvedCompany(email: string, companyName: string): Promise<number> {
  const person = { firstName: 'Ada', lastName: 'Byron', email, phone: '+659 123 45678', jobTitle: 'Founder' };
  const { signupToken } = await post(`${BASE}/step-1`, { ...person, agreeTerms: true });
  await post(`${BASE}/confirm-email`, { signupToken, code: await e2e.lastCode(email) });
  const sg = await e2e.db.knex('countries').where('code', 'SG').first('id');
  await post(`${BASE}/step-2`, {
    signupToken,
    companyName,
    legalEntityName: `${companyName} Pte. Ltd.`,
    companyRegistrationNumber: '202499999Z',
    address: '1 Raffles Place, Singapore 048616',
    countries: [sg.id],
    validDomains: [email.split('@')[1]],
  });
  await post(`${BASE}/step-3`, { signupToken, invites: [] });
  const company = await e2e.db.knex('companies').where('company_name', companyName).first('id');
  await e2e.db.knex('companies').where('id', company.id).update({ status: 1 });
  return company.id as number;
}

async function signInWithCode(page: Page, email: string) {
  await page.goto(`${e2e.baseUrl}/auth/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  await page.getByLabel('Digit 1 of 6').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${e2e.baseUrl}/projects`);
  await page.getByTestId('add-project').first().waitFor();
}

const welcome = (page: Page) => page.getByTestId('welcome-new-user');

describe.each(SIZES)('At $width×$height', (size) => {
  it('The founder is welcomed at their first sign-in after approval, once', async () => {
    const email = `ada@founder${size.width}.example.com`;
    await approvedCompany(email, `Founder Labs ${size.width}`);
    const page = await e2e.newPage(size);
    await signInWithCode(page, email);
    await welcome(page).waitFor();
    expect(await welcome(page).innerText()).toContain(`Your account at Founder Labs ${size.width} is ready.`);

    await page.reload();
    await page.getByTestId('add-project').first().waitFor();
    expect(await welcome(page).count()).toBe(0);

    await page.context().clearCookies();
    await signInWithCode(page, email);
    await page.waitForTimeout(300);
    expect(await welcome(page).count()).toBe(0);
  });

  it('A Member is told their projects show up once a teammate shares them', async () => {
    const companyId = await approvedCompany(`ada@team${size.width}.example.com`, `Team Labs ${size.width}`);
    const email = `lin@team${size.width}.example.com`;
    await e2e.db.knex('company_users').insert({
      company_id: companyId,
      first_name: 'Lin',
      last_name: 'Chen',
      email,
      phone: '+659 123 45679',
      job_title: 'Recruiter',
      role: 2,
      status: 1,
    });
    const page = await e2e.newPage(size);
    await signInWithCode(page, email);
    await welcome(page).waitFor();
    const text = await welcome(page).innerText();
    expect(text).toContain('once a teammate shares them with you');
    expect(text).toContain("ask your company's owner or admin");
    expect(text).not.toContain('Projects your team creates will appear');
    await page.getByText('Projects show up here once a teammate shares them with you.').waitFor();
  });
});
