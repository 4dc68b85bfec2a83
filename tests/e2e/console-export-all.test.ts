/**
 * A console list's Export writes every row of the list as it stands, not the first 1,000: it reads
 * the list a page of 1,000 at a time, shows how far it got, can be cancelled, and refuses a list
 * too large for one file up front, saying so. Industries, a lookup whose list is a name and its aliases.
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloaded, startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const MANY = 2100;
const CEILING = 50_000;

/** `count` industries named `${prefix} 00001`, ...: the list's search finds exactly them. */
async function insertIndustries(prefix: string, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix} ${String(i + 1).padStart(5, '0')}`);
  await e2e.db.knex.batchInsert(
    'industries',
    names.map((name) => ({ name })),
    5000,
  );
  return names;
}

beforeAll(async () => {
  e2e = await startE2E();
  await insertIndustries('Exportable industry', MANY);
});

async function industries(q: string, viewport = LAPTOP): Promise<Page> {
  const page = await e2e.signIn('admin@example.com', viewport, null);
  await page.goto(`${e2e.baseUrl}/admin/industries?filter=${encodeURIComponent(JSON.stringify({ q }))}`);
  return page;
}

/** Holds the first request for the list's second page until `release` is called. */
async function holdSecondPage(page: Page): Promise<{ release: () => void; held: Promise<Route> }> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let seen: (route: Route) => void = () => {};
  const held = new Promise<Route>((resolve) => (seen = resolve));
  let first = true;
  await page.route('**/api/v1/industries?*', async (route) => {
    const range = new URL(route.request().url()).searchParams.get('range');
    if (range !== '[1000,1999]' || !first) return route.continue();
    first = false;
    seen(route);
    await gate;
    await route.continue().catch(() => {});
  });
  return { release, held };
}

describe('Console export of a whole list', () => {
  it('Exports every row of a filtered list of 2,100, page by page, showing its progress', async () => {
    const page = await industries('Exportable industry');
    await page.getByText('Exportable industry 00001', { exact: true }).waitFor();
    const { release } = await holdSecondPage(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Export', exact: true }).click();
        // The first page is in; the second waits until its progress was seen.
        await page.getByRole('status').getByText('Exporting 1,000 of 2,100…').waitFor();
        release();
      })(),
    ]);
    const lines = (await downloaded(download)).toString('utf8').split('\r\n');
    expect(download.suggestedFilename()).toBe('industries.csv');
    expect(lines).toHaveLength(1 + MANY);
    expect(lines[0]).toContain('Name');
    const names = lines.slice(1).map((line) => /"?(Exportable industry \d{5})/.exec(line)?.[1]);
    // In the list's order (by name), each row once.
    expect(names).toEqual(
      Array.from({ length: MANY }, (_, i) => `Exportable industry ${String(i + 1).padStart(5, '0')}`),
    );
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('Cancelling stops the export where it is: the page in flight is dropped and the dialog closes', async () => {
    const page = await industries('Exportable industry');
    await page.getByText('Exportable industry 00001', { exact: true }).waitFor();
    const { release, held } = await holdSecondPage(page);
    const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('range=%5B1000%2C1999%5D'));
    // Awaited below; a test failing before then leaves no stray rejection behind.
    failed.catch(() => {});
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('status').getByText('Exporting 1,000 of 2,100…').waitFor();
    await held;
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await failed;
    release();
    await expect.poll(() => page.getByRole('button', { name: 'Export', exact: true }).isEnabled()).toBe(true);
  });

  it('Refuses up front a list of more rows than one export holds, and asks to narrow the filters', async () => {
    await insertIndustries('Ceiling industry', CEILING + 1);
    const page = await industries('Ceiling industry');
    await page.getByText('Ceiling industry 00001', { exact: true }).waitFor();
    let pagesAsked = 0;
    page.on('request', (r) => {
      if (/\/api\/v1\/industries\?.*range=%5B0%2C999%5D/.test(r.url())) pagesAsked += 1;
    });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText('This list holds 50,001 rows; exports hold at most 50,000. Narrow the filters.')
      .waitFor();
    expect(pagesAsked).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('On a phone the Export fits beside the list, and an empty list has nothing to export', async () => {
    const page = await industries('Exportable industry', PHONE);
    await page.getByText('Exportable industry 00001', { exact: true }).waitFor();
    const box = await page.getByRole('button', { name: 'Export', exact: true }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.goto(`${e2e.baseUrl}/admin/industries?filter=${encodeURIComponent('{"q":"No such industry at all"}')}`);
    await expect.poll(() => page.getByRole('button', { name: 'Export', exact: true }).isDisabled()).toBe(true);
  });
});
