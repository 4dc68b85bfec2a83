/**
 * The console's talent list searches as the search page does, in a real browser against the real
 * server: full names, employers and skills find the demo candidate, and the search page's filters
 * are offered beside the list's own.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let admin: Page;

beforeAll(async () => {
  e2e = await startE2E();
  admin = await e2e.newPage();
  await admin.goto(`${e2e.baseUrl}/admin/login`);
  await admin.getByLabel('Work email').fill('admin@example.com');
  await admin.getByRole('button', { name: 'Send code' }).click();
  await admin.getByLabel('Six-digit code').waitFor();
  await admin.getByLabel('Six-digit code').fill(await e2e.lastCode('admin@example.com'));
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await admin.waitForURL(/\/admin\/companies/);
});

/** The talent list's rows once searching `text` has settled (every row shown matches what the URL asks for). */
async function rowsFor(text: string, expected: string): Promise<string[]> {
  const search = admin.getByPlaceholder('Search', { exact: true });
  await search.fill(text);
  await admin.waitForURL((url) => JSON.parse(url.searchParams.get('filter') ?? '{}').q === text);
  await admin.getByRole('row').filter({ hasText: expected }).first().waitFor();
  return admin.getByRole('row').filter({ hasText: '@' }).allInnerTexts();
}

describe('Searching the talent list', () => {
  it('An admin finds a candidate by full name and by employer', async () => {
    await admin.goto(`${e2e.baseUrl}/admin/talent`);
    await expect
      .poll(async () =>
        (await rowsFor('chloe wong', 'candidate@example.com')).every((r) => /Chloe/.test(r) && /Wong/.test(r)),
      )
      .toBe(true);
    expect(await rowsFor('Airwallex', 'candidate@example.com')).not.toEqual([]);
  });

  it("The search page's filters are offered under Add filter, and apply", async () => {
    await admin.goto(`${e2e.baseUrl}/admin/talent`);
    await admin.getByRole('button', { name: 'Add filter' }).click();
    for (const name of [
      'Skills',
      'Languages',
      'Industries',
      'Notice period',
      'Salary from',
      'Experience from (years)',
      'Open to remote work',
    ]) {
      await admin.getByRole('menu').getByText(name, { exact: true }).waitFor();
    }
    await admin.keyboard.press('Escape');
    const language = (code: string) =>
      e2e.db
        .knex('languages')
        .where('code', code)
        .first('id')
        .then((r: { id: number }) => r.id);
    const open = async (lang: number) => {
      await admin.goto(
        `${e2e.baseUrl}/admin/talent?filter=${encodeURIComponent(JSON.stringify({ q: 'candidate@example', lang: [lang] }))}`,
      );
      await admin
        .getByRole('row')
        .filter({ hasText: '@' })
        .or(admin.getByText(/match these filters/i))
        .first()
        .waitFor();
      return admin.getByRole('row').filter({ hasText: 'candidate@example.com' }).count();
    };
    // Chloe Wong speaks Mandarin (cmn), not the written Chinese (zh) of ISO 639-1.
    expect(await open(await language('cmn'))).toBe(1);
    expect(await open(await language('zh'))).toBe(0);
  });
});
