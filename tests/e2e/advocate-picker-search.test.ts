/**
 * The project settings' talent advocate picker searches the server as a General admin types: with 210 advocates
 * sorted before them, the 211th is still found by name, chosen and saved. The advocates are this file's own rows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { makeProject } from '../helpers/interviews';

let e2e: E2E;
const run = Date.now().toString(36);
const last = { first: 'Zora', last: `Zed ${run}`, email: `zora.${run}@example.com` };

beforeAll(async () => {
  e2e = await startE2E();
  const rows = Array.from({ length: 210 }, (_, i) => ({
    email: `advocate.bulk.${i}.${run}@example.com`,
    first_name: 'Aaron',
    last_name: `Bulk ${String(i).padStart(3, '0')}`,
    role: 2,
    status: 1,
  }));
  rows.push({ email: last.email, first_name: last.first, last_name: last.last, role: 2, status: 1 });
  await e2e.db.knex.batchInsert('admins', rows, 100);
});

describe('The talent advocate picker', () => {
  it('finds the 211th active advocate by typing, and saves them', async () => {
    const project = await makeProject(e2e.db.knex, { title: `Advocate pick ${run}` });
    const page = await e2e.signIn('admin@example.com', undefined, `/project/${project.guid}`);
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByTestId('project-settings');
    await expect.poll(() => settings.getByLabel(/^Project name/).inputValue()).toBe(`Advocate pick ${run}`);
    await settings.getByRole('combobox', { name: /^Talent advocate/ }).fill(`Zora Zed ${run}`);
    await page.getByRole('option', { name: `Zora Zed ${run}` }).click({ timeout: 10_000 });
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Project saved').waitFor();
    const stored = await e2e.db
      .knex('projects as p')
      .join('admins as a', 'a.id', 'p.advocate_id')
      .where('p.guid', project.guid)
      .first('a.email');
    expect(stored?.email).toBe(last.email);
    await page.close();
  });
});
