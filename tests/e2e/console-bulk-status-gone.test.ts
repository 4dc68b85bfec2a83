/**
 * The console's bulk status change on a generic list (tags) when a selected row was deleted meanwhile: the others
 * change, the toast tells the server's counts (changed, already so, no longer there) rather than the selection's size,
 * and the selection is cleared, the deleted row with it (admin/resources/BulkStatusButton.tsx).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from '../helpers/apiToken';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let token: string;

beforeAll(async () => {
  e2e = await startE2E();
  token = await apiToken(e2e, 'admin@example.com');
});

/** Letters only: one per test, so each list shows only its own tags. */
const tagOf = (n: number) =>
  `Bulkgone${String.fromCharCode(97 + n)}${[...Date.now().toString(36)].filter((c) => /[a-z]/.test(c)).join('')}`;

/** Tags named after `tag` with these statuses, by row id. */
async function tags(tag: string, statuses: number[]): Promise<number[]> {
  const rows = statuses.map((status, i) => ({
    name: `${tag} ${i}`,
    description: 'x',
    icon: 'star',
    identifier: `${tag.toLowerCase()}${i}`,
    status,
  }));
  return (await e2e.db.knex('tags').insert(rows).returning('id')).map((r: { id: number }) => r.id);
}

/** The tag list searched for `tag`, every row shown and all selected. */
async function selectAll(tag: string, count: number): Promise<Page> {
  const page = await e2e.signIn(
    'admin@example.com',
    undefined,
    `/admin/tags?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`,
  );
  await expect.poll(() => page.getByRole('row').filter({ hasText: tag }).count(), { timeout: 20_000 }).toBe(count);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByText(`${count} items selected`).waitFor();
  return page;
}

describe('Bulk status change on a generic list with a row deleted meanwhile', () => {
  it('changes the others, tells the server’s counts and clears the selection', async () => {
    const tag = tagOf(0);
    const ids = await tags(tag, [1, 0, 1]);
    const page = await selectAll(tag, 3);
    const gone = await fetch(`${e2e.baseUrl}/api/v1/tags/Tags:${ids[2]}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(200);

    await page.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the status of 3 selected' });
    await dialog.getByLabel('Inactive', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('1 changed, 1 already Inactive, 1 no longer exists').waitFor();
    await expect(e2e.db.knex('tags').whereIn('id', ids).orderBy('id').pluck('status')).resolves.toEqual([0, 0]);
    await expect.poll(() => page.getByText(/^[1-9]\d* items? selected$/).count(), { timeout: 10_000 }).toBe(0);
    await expect(page.getByRole('checkbox', { name: 'Select all' }).isChecked()).resolves.toBe(false);
    await expect(page.getByText('Not found').count()).resolves.toBe(0);
  });
});
