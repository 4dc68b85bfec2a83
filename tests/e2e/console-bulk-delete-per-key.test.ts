/**
 * A second console list deletes in bulk as the talent list does (console-talent-bulk-counts.test.ts), by the one
 * shared piece (admin/resources/BulkDeleteButton.tsx) and the per-key route: on the admins list, rows another admin
 * deleted meanwhile count as already deleted, the admin's own row is refused alone by name and in the rule's words and
 * stays selected, the others go. At 1440×900 the deletion runs; at 390×844 the same list, as a phone shows it, no
 * longer holds the deleted rows and fits the screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from '../helpers/apiToken';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let token: string;

beforeAll(async () => {
  e2e = await startE2E();
  token = await apiToken(e2e, 'admin@example.com');
});

async function api(method: string, path: string, body?: unknown) {
  return fetch(`${e2e.baseUrl}/api/v1/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Advocate admins named after `tag`, by API id and email. */
async function admins(tag: string, count: number): Promise<{ id: string; email: string }[]> {
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const email = `${tag.toLowerCase()}.${i}@example.com`;
    const res = await api('POST', 'admins', { firstName: 'Temp', lastName: tag, email, role: 2 });
    expect(res.status).toBe(201);
    out.push({ id: String(((await res.json()) as { id: string }).id), email });
  }
  return out;
}

describe('Bulk deletion on the admins list', () => {
  it('deletes per key at 1440×900: gone rows counted, yourself refused alone and kept selected; 390×844 shows the rest', async () => {
    const tag = `Bulkadmins${[...Date.now().toString(36)].filter((c) => /[a-z]/.test(c)).join('')}`;
    const temps = await admins(tag, 3);
    const page = await e2e.signIn('admin@example.com', { width: 1440, height: 900 }, '/admin/admins?filter=%7B%7D');
    for (const email of [...temps.map((a) => a.email), 'admin@example.com']) {
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
      await row.getByRole('checkbox').check();
    }
    await page.getByText('4 items selected').waitFor();
    // Another admin deletes one of them meanwhile.
    expect((await api('DELETE', `admins/${temps[1].id}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 4 selected' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText('2 deleted, 1 was already deleted, 1 was not deleted (admin@example.com): You cannot delete yourself')
      .waitFor();
    await page.getByText('1 item selected').waitFor();
    const left = await e2e.db
      .knex('admins')
      .whereIn('email', [...temps.map((a) => a.email), 'admin@example.com'])
      .pluck('email');
    expect(left).toEqual(['admin@example.com']);
    await expect.poll(() => page.getByRole('cell', { name: temps[0].email, exact: true }).count()).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('admin@example.com', { exact: true }).first().waitFor();
    await expect(page.getByText(temps[0].email).count()).resolves.toBe(0);
    await expect(page.getByText(temps[2].email).count()).resolves.toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
