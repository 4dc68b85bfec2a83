/**
 * A console edit whose Save gets no answer (offline, the connection dropped), in a real browser against the real
 * server: the notice says the connection was lost and the change may not have been saved, in the portal's words
 * ('errors.connectionLost'), not the server-fault text a 5xx gets; the same Save made again once the connection is
 * back saves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAtConsole, startE2E, type E2E } from '../helpers/e2e';

const LOST =
  'You seem to be offline or the connection dropped, so your change may not have been saved. Check, then try again.';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe("The console's edit Save that gets no answer", () => {
  it('says the connection dropped, and saves once it is back', async () => {
    const company = await e2e.db.knex('companies').where({ company_name: 'Globex Analytics' }).first('id');
    const admin = await e2e.newPage({ width: 1440, height: 900 });
    await signInAtConsole(e2e, admin, 'admin@example.com');
    await admin.waitForURL(/\/admin\/companies/);
    await admin.goto(`${e2e.baseUrl}/admin/companies/Company%3A${company.id}`);
    const name = admin.getByRole('textbox', { name: 'Company name' });
    await expect.poll(() => name.inputValue()).toBe('Globex Analytics');

    const save = /\/api\/v1\/companies\/[^/?]+$/;
    await admin.route(save, (route) => (route.request().method() === 'GET' ? route.continue() : route.abort('failed')));
    await name.fill('Globex Analytics Offline');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(LOST).waitFor();
    expect(await admin.getByText('Something went wrong. Please try again.').count()).toBe(0);
    expect(await admin.getByText('Failed to fetch').count()).toBe(0);
    expect((await e2e.db.knex('companies').where('id', company.id).first('company_name')).company_name).toBe(
      'Globex Analytics',
    );

    await admin.unroute(save);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/companies');
    expect((await e2e.db.knex('companies').where('id', company.id).first('company_name')).company_name).toBe(
      'Globex Analytics Offline',
    );
  });
});
