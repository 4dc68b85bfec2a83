/**
 * Deleting company users from the console as the spec has it: deleting one offers who takes over their projects, the
 * chosen colleague then owning them; a bulk deletion (DELETE /company-users {keys}, answered per key) hands each one's
 * projects to a colleague who stays. A bulk deletion of admins answers per key too (console-bulk-delete-per-key). Beside them, a list's reference
 * columns offer no sorting (it would go by id, not by the name shown).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe('Console deletions', () => {
  it('Deleting a company user hands their projects to the colleague chosen in the confirmation', async () => {
    const { knex } = e2e.db;
    const member = await knex('company_users').where('email', 'member@acme.example.com').first('id', 'company_id');
    const owned = (await knex('projects').where('owner_id', member.id).pluck('id')) as number[];
    expect(owned.length).toBeGreaterThan(0);
    // A second active colleague, listed after the default one (the list goes by name): the admin picks them.
    const [chosen] = await knex('company_users')
      .insert({
        email: `zoe.zhang.${Date.now()}@acme.example.com`,
        first_name: 'Zoe',
        last_name: 'Zhang',
        company_id: member.company_id,
        role: 2,
        status: 1,
      })
      .returning('id');

    const page = await e2e.newPage();
    await signInAtConsole(e2e, page, 'admin@example.com');
    await page.waitForURL(/\/admin\/(?!login)/);
    await page.goto(`${e2e.baseUrl}/admin/company-users/User%3A${member.id}/show`);
    await page.getByRole('main').getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Transfer their projects to' }).click();
    await page.getByRole('option', { name: /Zoe Zhang/ }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(/\/admin\/company-users(\?|$)/);
    await expect(knex('company_users').where('id', member.id).first('id')).resolves.toBeUndefined();
    await expect(knex('projects').whereIn('id', owned).pluck('owner_id')).resolves.toEqual(owned.map(() => chosen.id));
    await page.close();
  });

  it("A bulk deletion of company users hands each one's projects to a colleague who stays", async () => {
    const { knex } = e2e.db;
    const leaver = await knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
    const owned = (await knex('projects').where('owner_id', leaver.id).pluck('id')) as number[];
    expect(owned.length).toBeGreaterThan(0);

    const page = await e2e.newPage();
    await signInAtConsole(e2e, page, 'admin@example.com');
    await page.waitForURL(/\/admin\/(?!login)/);
    await page.goto(`${e2e.baseUrl}/admin/company-users?filter=%7B%7D`);
    await page.getByPlaceholder('Search', { exact: true }).fill('owner@acme.example.com');
    await page.getByRole('row').filter({ hasText: 'owner@acme.example.com' }).getByRole('checkbox').check();
    await page.getByText('1 item selected').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();

    await expect.poll(() => knex('company_users').where('id', leaver.id).first('id')).toBeUndefined();
    const owners = await knex('projects').whereIn('id', owned).distinct().pluck('owner_id');
    expect(owners).toHaveLength(1);
    const heir = await knex('company_users').where('id', owners[0]).first('company_id', 'status');
    expect(heir).toEqual({ company_id: leaver.company_id, status: 1 });
    await page.close();
  });

  it('A reference column (the Company of company users) offers no sorting, which would go by id, not name', async () => {
    const page = await e2e.newPage();
    await signInAtConsole(e2e, page, 'admin@example.com');
    await page.waitForURL(/\/admin\/(?!login)/);
    await page.goto(`${e2e.baseUrl}/admin/company-users?filter=%7B%7D`);
    // A sortable header holds the sort control (MUI's TableSortLabel); the Email column's does.
    const sortControl = (source: string) => page.locator(`th.column-${source} .MuiTableSortLabel-root`);
    await sortControl('email').waitFor();
    await expect(page.locator('th.column-companyId').innerText()).resolves.toBe('Company');
    await expect(sortControl('companyId').count()).resolves.toBe(0);
    await page.close();
  });
});
