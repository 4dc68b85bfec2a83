/**
 * The console's talent list after bulk actions on rows another admin deleted meanwhile: a bulk delete tells what it
 * deleted and what was already deleted, and clears the selection (no deleted row stays selected); a bulk status change
 * counts what the server changed, not the selection ("1 changed, 2 already Active"), tells the rows no longer there,
 * and clears the selection too.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken } from '../helpers/apiToken';
import { startE2E, type E2E } from '../helpers/e2e';
import { candidatePayload, talentIds, type TalentIds } from '../helpers/talent';

let e2e: E2E;
let token: string;
let ids: TalentIds;

beforeAll(async () => {
  e2e = await startE2E();
  token = await apiToken(e2e, 'admin@example.com');
  ids = await talentIds(e2e.db.knex);
});

/** Letters only, as a last name takes them: one per test, so each list shows only its own candidates. */
const tagOf = (n: number) =>
  `Bulkcount${String.fromCharCode(97 + n)}${[...Date.now().toString(36)].filter((c) => /[a-z]/.test(c)).join('')}`;

async function api(method: string, path: string, body?: unknown) {
  return fetch(`${e2e.baseUrl}/api/v1/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Candidates named after `tag` with these statuses, by API id, created as the admin would. */
async function candidates(tag: string, statuses: number[]): Promise<string[]> {
  const out: string[] = [];
  for (const [i, status] of statuses.entries()) {
    const email = `${tag.toLowerCase()}.${i}@example.com`;
    const res = await api('POST', 'candidates', { ...candidatePayload(ids, { email, lastName: tag }), status });
    expect(res.status).toBe(201);
    out.push(String(((await res.json()) as { id: string }).id));
  }
  return out;
}

/** The talent list searched for `tag`, every row shown and all selected. */
async function selectAll(tag: string, count: number): Promise<Page> {
  const page = await e2e.signIn(
    'admin@example.com',
    undefined,
    `/admin/talent?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`,
  );
  await expect.poll(() => page.getByRole('row').filter({ hasText: tag }).count(), { timeout: 20_000 }).toBe(count);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByText(`${count} items selected`).waitFor();
  return page;
}

/** The selection is cleared: the bulk toolbar counts none (it stays in the page, collapsed, at "0 items selected"). */
async function expectNothingSelected(page: Page) {
  await expect.poll(() => page.getByText(/^[1-9]\d* items? selected$/).count(), { timeout: 10_000 }).toBe(0);
}

const left = (keys: string[]) =>
  e2e.db.knex('candidates').whereIn(
    'id',
    keys.map((k) => Number(k.replace('Candidate:', ''))),
  );

describe('Talent bulk actions on rows another admin deleted meanwhile', () => {
  it('a bulk delete tells what was deleted and already deleted, and clears the selection', async () => {
    const tag = tagOf(0);
    const keys = await candidates(tag, [1, 1, 1]);
    const page = await selectAll(tag, 3);
    expect((await api('DELETE', `candidates/${keys[1]}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('2 deleted, 1 was already deleted').waitFor();
    await expect(left(keys).count({ n: '*' }).first()).resolves.toEqual({ n: 0 });
    await expectNothingSelected(page);
    await expect(page.getByText('were deleted; the others were not').count()).resolves.toBe(0);
  });

  it('a bulk status change counts what changed, what already had it and what is gone, and clears the selection', async () => {
    const tag = tagOf(1);
    const keys = await candidates(tag, [1, 1, 2, 1]);
    const page = await selectAll(tag, 4);
    expect((await api('DELETE', `candidates/${keys[3]}`)).status).toBe(200);

    await page.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the status of 4 selected' });
    await dialog.getByLabel('Active', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('1 changed, 2 already Active, 1 no longer exists').waitFor();
    await expect(left(keys).orderBy('id').pluck('status')).resolves.toEqual([1, 1, 1]);
    await expectNothingSelected(page);
    await expect(page.getByRole('checkbox', { name: 'Select all' }).isChecked()).resolves.toBe(false);
    await expect(page.getByText('Some fields need your attention').count()).resolves.toBe(0);
  });
});
