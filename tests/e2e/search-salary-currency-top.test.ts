/**
 * The salary filter in another currency, in a real browser: an address asking JPY 500,000 a month keeps it (the
 * portal no longer clamps salaries to 100,000), the salary field shows 500,000, and the slider's top label is the JPY
 * top the search answered (100,000 SGD in JPY at the database rate), not 100,000.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

const OWNER = 'owner@acme.example.com';

let e2e: E2E;
let jpyTop: number;

beforeAll(async () => {
  e2e = await startE2E();
  const row = await e2e.db.knex('currency_rates').where('currency', 'JPY').first('to_sgd');
  jpyTop = Math.round(100_000 / Number(row.to_sgd));
}, 180_000);

/** A query's pairs in one order, so an address and the answer's query compare whatever order their keys take. */
const pairs = (query: string | null) => [...new URLSearchParams(query ?? '')].map((p) => p.join('=')).sort();

/** Waits until the results shown answer the URL's query. */
async function settled(page: Page) {
  const query = () => new URL(page.url()).search;
  await expect
    .poll(async () => pairs(await page.getByTestId('results').getAttribute('data-answered')), { timeout: 30_000 })
    .toEqual(pairs(query()));
}

/** The label over the salary slider: 'from – to', its top as 'top+'. */
const rangeLabel = (page: Page) => page.getByTestId('filter-salary').locator('.MuiTypography-caption').first();

describe('The salary filter asked in JPY', () => {
  it('keeps sf=500000 in the address and the field, and tops the slider at the JPY top', async () => {
    expect(jpyTop).toBeGreaterThan(500_000);
    const page = await e2e.signIn(OWNER, undefined, '/search?cur=JPY&sf=500000');
    await settled(page);
    const top = `${new Intl.NumberFormat('en-US').format(jpyTop)}+`;
    await expect.poll(() => rangeLabel(page).innerText()).toBe(`500,000 – ${top}`);
    expect(new URL(page.url()).searchParams.get('sf')).toBe('500000');
    expect(new URL(page.url()).searchParams.get('cur')).toBe('JPY');
    expect(await page.getByTestId('salary-from').inputValue()).toBe('500,000');
    expect(await page.getByTestId('salary-to').getAttribute('placeholder')).toBe(top);
  });

  it('in SGD the top stays 100,000+', async () => {
    const page = await e2e.signIn(OWNER, undefined, '/search?sf=5000');
    await settled(page);
    await expect.poll(() => rangeLabel(page).innerText()).toBe('5,000 – 100,000+');
    expect(new URL(page.url()).searchParams.get('sf')).toBe('5000');
    expect(await page.getByTestId('salary-from').inputValue()).toBe('5,000');
  });
});
