/**
 * The admin console in a real browser against the real server: platform admins sign in with an
 * emailed code and manage companies, company users, tags and admins; others are turned away.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
/** The general admin's tab, signed in once and reused by the tests that act as them. */
let admin: Page;

async function requestCode(page: Page, email: string) {
  await page.goto(`${e2e.baseUrl}/admin/login`);
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Six-digit code').waitFor();
}

async function signIn(page: Page, email: string) {
  await requestCode(page, email);
  await page.getByLabel('Six-digit code').fill(await e2e.lastCode(email));
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Console menu' });
const rows = (page: Page) => page.locator('tbody tr');

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.newPage();
  // Leaving a form with unsaved changes asks first; the tests that do so mean it.
  admin.on('dialog', (dialog) => void dialog.accept());
});

describe('The admin console', () => {
  it('A general admin signs in with the code emailed to them and lands on the companies list', async () => {
    await admin.goto(`${e2e.baseUrl}/admin`);
    await admin.waitForURL(/\/admin\/login$/);
    await expect(admin.getByRole('link', { name: 'development mailbox' }).getAttribute('href')).resolves.toBe(
      '/dev/mailbox',
    );

    await signIn(admin, 'admin@example.com');

    await admin.waitForURL(/\/admin\/companies/);
    await admin.getByRole('cell', { name: 'Acme', exact: true }).waitFor();
    await expect.poll(() => admin.title()).toBe('Companies | Talentbase');
    // The session is the httpOnly cookie alone: nothing a script could read holds it.
    const [cookie] = (await admin.context().cookies()).filter((c) => c.name === 'tb_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const readable = await admin.evaluate(() =>
      JSON.stringify([document.cookie, { ...localStorage }, { ...sessionStorage }]),
    );
    expect(readable).not.toContain(cookie.value);
  });

  it('Pending companies lists only the companies awaiting approval', async () => {
    const pending = await e2e.db.knex('companies').where('status', 0).pluck('company_name');
    expect(pending.length).toBeGreaterThan(0);

    await menu(admin).getByRole('link', { name: 'Pending companies' }).click();

    await admin.waitForURL(
      (url) => url.pathname === '/admin/companies' && JSON.parse(url.searchParams.get('filter') ?? '{}').status === 0,
    );
    await expect.poll(() => rows(admin).count()).toBe(pending.length);
    for (const name of pending) await admin.getByRole('cell', { name, exact: true }).waitFor();
    await expect(rows(admin).getByText('Active', { exact: true }).count()).resolves.toBe(0);
    await expect.poll(() => admin.title()).toBe('Pending companies | Talentbase');
  });

  it('The spec path /companies?status=0 opens the pending companies in the console', async () => {
    const res = await fetch(`${e2e.baseUrl}/companies?status=0`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/companies?status=0');

    await admin.goto(`${e2e.baseUrl}/companies?status=0`);
    await admin.waitForURL((url) => url.pathname === '/admin/companies' && url.searchParams.has('filter'));
    await expect.poll(() => admin.title()).toBe('Pending companies | Talentbase');
  });

  it('An admin renames a company and the new name is saved', async () => {
    await menu(admin).getByRole('link', { name: 'All companies' }).click();
    await admin.getByRole('cell', { name: 'Globex Analytics', exact: true }).click();
    await admin.waitForURL(/\/admin\/companies\/Company%3A\d+$/);
    const name = admin.getByRole('textbox', { name: 'Company name' });
    await expect.poll(() => name.inputValue()).toBe('Globex Analytics');

    await name.fill('Globex Analytics Group');
    await admin.getByRole('button', { name: 'Save' }).click();

    await admin.waitForURL((url) => url.pathname === '/admin/companies');
    await admin.getByRole('cell', { name: 'Globex Analytics Group', exact: true }).waitFor();
    const row = await e2e.db.knex('companies').where('company_name', 'Globex Analytics Group').first('id');
    expect(row).toBeDefined();
  });

  it('A malformed domain is refused at its field before anything is sent, and nothing changes', async () => {
    const before = await e2e.db
      .knex('companies')
      .where('company_name', 'Acme')
      .first('id', 'valid_domains', 'updated_at');
    const writes: string[] = [];
    const onRequest = (req: { method(): string; url(): string }) => {
      if (req.method() === 'PUT') writes.push(req.url());
    };
    admin.on('request', onRequest);

    await admin.goto(`${e2e.baseUrl}/admin/companies/Company%3A${before.id}`);
    const domains = admin.getByLabel('Valid domains');
    await domains.fill('not a domain');
    await domains.press('Enter');
    await admin.getByRole('button', { name: 'Save' }).click();

    await admin.getByText('Enter valid domains such as acme.com').waitFor();
    admin.off('request', onRequest);
    expect(writes).toEqual([]);
    const after = await e2e.db.knex('companies').where('id', before.id).first('valid_domains', 'updated_at');
    expect(after).toEqual({ valid_domains: before.valid_domains, updated_at: before.updated_at });
  });

  it("The server's refusal shows at the field it concerns and nothing is saved", async () => {
    const user = await e2e.db
      .knex('company_users')
      .where('email', 'like', '%@umbrella.example.com')
      .orderBy('id')
      .first('id', 'email', 'first_name');
    await admin.goto(`${e2e.baseUrl}/admin/company-users/User%3A${user.id}`);
    await admin.getByRole('textbox', { name: 'First name' }).fill('Renamed');
    // Another person's email is theirs to change, through its confirmation: only the server says so.
    await admin.getByRole('textbox', { name: 'Email' }).fill('member@acme.example.com');
    await admin.getByRole('button', { name: 'Save' }).click();

    const emailField = admin.locator('.ra-input-email');
    await emailField.getByText('Only the person can change their own email address').waitFor();
    await expect(admin.getByRole('textbox', { name: 'First name' }).inputValue()).resolves.toBe('Renamed');
    const after = await e2e.db.knex('company_users').where('id', user.id).first('email', 'first_name');
    expect(after).toEqual({ email: user.email, first_name: user.first_name });
  });

  it('A bulk status change on company users changes the selected rows and clears the selection', async () => {
    const chosen = await e2e.db
      .knex('company_users')
      .where('email', 'like', '%@globex.example.com')
      .where('status', 1)
      .orderBy('id')
      .limit(2)
      .pluck('email');
    expect(chosen).toHaveLength(2);

    await admin.goto(`${e2e.baseUrl}/admin/company-users`);
    await admin.getByPlaceholder('Search', { exact: true }).fill('globex.example.com');
    for (const email of chosen) {
      await admin.getByRole('row').filter({ hasText: email }).getByRole('checkbox').check();
    }
    await admin.getByText('2 items selected').waitFor();

    await admin.getByRole('button', { name: 'Change status' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Change the status of 2 selected' });
    await dialog.getByLabel('Inactive').check();
    await dialog.getByRole('button', { name: 'Apply' }).click();

    await admin.getByText('2 changed', { exact: true }).waitFor();
    await expect.poll(() => e2e.db.knex('company_users').whereIn('email', chosen).pluck('status')).toEqual([2, 2]);
    await expect(admin.getByText('2 items selected').count()).resolves.toBe(0);
    await expect(admin.getByRole('row').filter({ hasText: chosen[0] }).getByRole('checkbox').isChecked()).resolves.toBe(
      false,
    );
    await admin.getByRole('row').filter({ hasText: chosen[0] }).getByText('Inactive').waitFor();
  });

  it('An admin adds a tag from the panel beside the tag list', async () => {
    await menu(admin).getByRole('link', { name: 'Tags' }).click();
    // The tag list first: until it shows, the Create link on the page may still be the previous list's.
    await admin.getByRole('cell', { name: 'Legacy tag', exact: true }).waitFor();
    await admin.getByRole('link', { name: 'Create' }).click();
    const panel = admin.getByRole('complementary', { name: 'Add tag' });
    await panel.waitFor();
    await admin.getByRole('cell', { name: 'Legacy tag', exact: true }).waitFor();

    await panel.getByLabel('Name').fill('Night owl');
    await panel.getByLabel('Identifier').fill('nightowl');
    await panel.getByLabel('Description').fill('Prefers late shifts');
    // The icon is picked from the icons themselves.
    const icons = panel.getByRole('radiogroup', { name: 'Icon' });
    await expect(icons.getByRole('radio').count()).resolves.toBeGreaterThan(20);
    await icons.getByRole('radio', { name: 'Clock' }).click();
    await expect(icons.getByRole('radio', { name: 'Clock' }).getAttribute('aria-checked')).resolves.toBe('true');
    await panel.getByRole('button', { name: 'Save' }).click();

    const row = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: 'Night owl', exact: true }) });
    await row.waitFor();
    await expect.poll(() => panel.count()).toBe(0);
    const tag = await e2e.db
      .knex('tags')
      .where('identifier', 'nightowl')
      .first('name', 'description', 'icon', 'status');
    expect(tag).toEqual({ name: 'Night owl', description: 'Prefers late shifts', icon: 'schedule', status: 1 });
    // The list draws the icon beside its name, not the icon's code.
    await row.locator('[data-icon="schedule"] svg').waitFor();
    await expect(row.innerText()).resolves.toContain('Clock');
    await expect(
      admin.getByRole('row').filter({ hasText: 'Hot profile' }).locator('[data-icon="whatshot"] svg').count(),
    ).resolves.toBe(1);
  });

  it("A tag edited in the panel to another tag's identifier is refused at that field", async () => {
    await admin.getByRole('cell', { name: 'Night owl', exact: true }).click();
    const panel = admin.getByRole('complementary', { name: 'Edit tag' });
    const identifier = panel.getByRole('textbox', { name: 'Identifier' });
    await expect.poll(() => identifier.inputValue()).toBe('nightowl');

    await identifier.fill('legacy');
    await panel.getByRole('button', { name: 'Save' }).click();

    await panel.locator('.ra-input-identifier').getByText('Tag identifier already exists').waitFor();
    await expect(e2e.db.knex('tags').where('name', 'Night owl').first('identifier')).resolves.toEqual({
      identifier: 'nightowl',
    });
  });

  it('A talent advocate sees the admins, cannot add one, and edits only their own profile', async () => {
    const page = await e2e.newPage();
    await signIn(page, 'advocate@example.com');
    await page.waitForURL(/\/admin\/companies/);

    await menu(page).getByRole('link', { name: 'Admins' }).click();
    await page.getByRole('cell', { name: 'admin@example.com', exact: true }).waitFor();
    await expect(page.getByRole('main').getByRole('link', { name: 'Create', exact: true }).count()).resolves.toBe(0);
    await expect(page.locator('tbody input[type="checkbox"]').count()).resolves.toBe(0);

    // Another admin's row opens read-only; the advocate's own row opens their edit form.
    await page.getByRole('cell', { name: 'admin@example.com', exact: true }).click();
    await page.waitForURL(/\/admin\/admins\/Admin%3A\d+\/show$/);
    await expect(page.getByRole('main').getByRole('link', { name: 'Edit', exact: true }).count()).resolves.toBe(0);

    await page.goBack();
    await page.getByRole('cell', { name: 'advocate@example.com', exact: true }).click();
    await page.waitForURL(/\/admin\/admins\/Admin%3A\d+$/);
    await expect.poll(() => page.getByRole('textbox', { name: 'First name' }).isEditable()).toBe(true);
    await expect(page.getByRole('textbox', { name: 'Email' }).isEditable()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await page.close();
  });

  it('A company user who types a portal code into the console is told it is for admins; opening the console then takes them home', async () => {
    const page = await e2e.newPage();
    // The console sends them no code; one asked for through the portal still reaches them.
    await requestCode(page, 'owner@acme.example.com');
    await fetch(`${e2e.baseUrl}/api/v1/auth/send-email-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@acme.example.com' }),
    });
    await page.getByLabel('Six-digit code').fill(await e2e.lastCode('owner@acme.example.com'));
    await page.getByRole('button', { name: 'Sign in' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'This console is for platform admins' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('owner@acme.example.com');
    await expect(page.getByRole('link', { name: 'Go to the portal' }).getAttribute('href')).resolves.toBe('/');
    await expect(page.evaluate(() => localStorage.getItem('talentbase.admin.session'))).resolves.toBeNull();

    await page.goto(`${e2e.baseUrl}/admin/companies`);
    await page.waitForURL((url) => url.pathname === '/projects');
    await page.close();
  });
});
