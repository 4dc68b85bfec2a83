/**
 * The console's generated edit screens saving an older copy, in a real browser against the real server: a company's
 * form opened before another admin suspended the company is refused (409 'errors.changedMeanwhile') with a dialog
 * that says so and reloads the company, so the suspension is not undone; the admin's edit made again on the
 * reloaded record saves, and the page then leaves without asking about unsaved changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe("The console's edit form opened before someone changed the record", () => {
  it('is refused with a notice; reloaded, it saves without undoing the change', async () => {
    const company = await e2e.db
      .knex('companies')
      .where({ company_name: 'Globex Analytics', status: 1 })
      .first('id', 'address');
    const admin = await e2e.newPage({ width: 1440, height: 900 });
    await signInAtConsole(e2e, admin, 'admin@example.com');
    await admin.waitForURL(/\/admin\/companies/);
    await admin.goto(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`);
    const name = admin.getByRole('textbox', { name: 'Company name' });
    await expect.poll(() => name.inputValue()).toBe('Globex Analytics');

    // Meanwhile another admin suspends the company (its row and its version move).
    await e2e.db.knex('companies').where('id', company.id).update({ status: 2, updated_at: e2e.db.knex.fn.now() });

    await name.fill('Globex Analytics Group');
    await admin.getByRole('button', { name: 'Save' }).click();
    const changed = admin.getByRole('dialog', { name: 'This record changed meanwhile' });
    await changed.getByText('Someone changed this record after you opened it.').waitFor();
    expect(await e2e.db.knex('companies').where('id', company.id).first('status', 'company_name')).toEqual({
      status: 2,
      company_name: 'Globex Analytics',
    });

    await changed.getByRole('button', { name: 'Reload' }).click();
    await changed.waitFor({ state: 'detached' });
    // Reloaded, the form shows the record as it is now; the admin makes their edit again on it.
    await expect.poll(() => name.inputValue()).toBe('Globex Analytics');
    await name.fill('Globex Analytics Group');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/companies');
    expect(await e2e.db.knex('companies').where('id', company.id).first('status', 'company_name')).toEqual({
      status: 2,
      company_name: 'Globex Analytics Group',
    });
  });
});
