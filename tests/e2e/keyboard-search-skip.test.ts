/**
 * The search page by keyboard (WCAG 2.4.1 bypass blocks, 2.4.3 focus order): the filter column is some seventy Tab
 * stops, so the page content opens with "Skip to results", shown only while it has the focus. From the page's first
 * stop, Tab and Enter put the focus in the results, and the next Tab is the first result; after the results, "Back to
 * filters" returns to the filter column.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

/** What holds the focus: its accessible name (aria-label, else text) and where it is. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: 'BODY', id: '', inResults: false, inFirstCard: false, width: 0 };
    return {
      name: (el.getAttribute('aria-label') ?? el.innerText).trim(),
      id: el.id,
      inResults: !!el.closest('#search-results'),
      inFirstCard: document.querySelector('[data-testid="result-card"]')?.contains(el) ?? false,
      width: el.getBoundingClientRect().width,
    };
  });

describe('Search page skip links', () => {
  it('From the first stop of the page, Tab and Enter reach the results, the next Tab the first result, and Back to filters returns', async () => {
    const page = await e2e.signIn('owner@acme.example.com', undefined, '/search');
    await page.getByTestId('result-card').first().waitFor();
    await page.getByTestId('filter-ts').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // The shell's first stop leads into the page's content.
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('main-content');

    // The page's own first stop is the skip link, shown while it holds the focus: Tab, then Enter (2 presses of 3).
    await page.keyboard.press('Tab');
    const link = await focused(page);
    expect(link.name).toBe('Skip to results');
    expect(link.width, 'shown while focused').toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    const region = await focused(page);
    expect(region.inResults, `focus in the results, got ${JSON.stringify(region)}`).toBe(true);
    expect(region.name).toBe('Candidates found');
    await page.keyboard.press('Tab');
    expect((await focused(page)).inFirstCard, 'the next Tab is the first result').toBe(true);

    // After the results' last stop comes "Back to filters", which moves the focus to the filter column. The results
    // are drawn a screenful at a time, the pager after the last of them: the last button is the last once it shows.
    await page.getByRole('navigation', { name: 'pagination navigation' }).waitFor();
    await page.locator('#search-results button').last().focus();
    await page.keyboard.press('Tab');
    const back = await focused(page);
    expect(back.name).toBe('Back to filters');
    expect(back.width).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('search-filters');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('filter-ts');
  });
});
