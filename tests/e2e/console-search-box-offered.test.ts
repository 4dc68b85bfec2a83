/**
 * A console list offers the `q` search box only where the entity has searchable fields: the server's `q` looks in
 * them and finds nothing when there are none (backend/crud/query.ts), so on retention runs the box could only empty
 * the list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

describe('The console search box', () => {
  it('Retention runs, with nothing to search in, offer no search box; currency rates do', async () => {
    const { knex } = e2e.db;
    if (!(await knex('retention_runs').first('id')))
      await knex('retention_runs').insert({ counts: JSON.stringify({ erased: 0 }), periods: JSON.stringify({}) });
    const page = await e2e.signIn('admin@example.com', undefined, '/admin/retention-runs?filter=%7B%7D');
    await page.getByRole('columnheader', { name: /What it did/ }).waitFor();
    await expect(page.getByPlaceholder('Search', { exact: true }).count()).resolves.toBe(0);

    await page.goto(`${e2e.baseUrl}/admin/currency-rates?filter=%7B%7D`);
    await page.getByPlaceholder('Search', { exact: true }).waitFor();
  });
});
