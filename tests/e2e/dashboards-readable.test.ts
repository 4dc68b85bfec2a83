/**
 * The dashboards over the demo as it is seeded, at 1440×900 and 390×844: the stage overview counts the demo's
 * moves; its chart counts whole candidates on an axis with a title, each stage in a colour of its own; dates are
 * written and typed as the product writes them ('2 Dec 2026'), the date fields lined up; the recruiter dashboard
 * names the stages as the tabs do and counts the Suggested stage as the tabs do.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../schema/rules/dates';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});

const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const RANGE = `from=${day(-90)}&to=${day(0)}`;

const boxes = (page: Page) =>
  page
    .getByTestId('dashboard-filters')
    .locator('.MuiInputBase-root')
    .evaluateAll((els) =>
      els.slice(0, 3).map((el) => {
        const r = el.getBoundingClientRect();
        return { top: Math.round(r.top), left: Math.round(r.left), height: Math.round(r.height) };
      }),
    );

describe.each([
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
])('The dashboards at $width×$height', (viewport) => {
  it("counts the demo's moves in a chart of whole numbers, titled axes and a colour per stage", async () => {
    const page = await e2e.signIn('admin@example.com', viewport, `/dashboard/ta-dashboard-weekly?${RANGE}`);
    const table = page.getByTestId('weekly-table');
    await table.locator('tbody tr').first().waitFor();
    const totals = await table
      .locator('tbody tr td:last-child')
      .evaluateAll((cells) => cells.map((c) => Number(c.textContent)));
    expect(totals.reduce((a, b) => a + b, 0)).toBe(46);
    // Weeks are days as the product writes them.
    expect(await table.locator('tbody tr td').first().innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    const chart = page.locator('.MuiChartsSurface-root').first();
    await chart.waitFor({ state: 'attached' });
    await chart.getByText('Candidates moved').waitFor();
    await chart.getByText('Week of').waitFor();
    const ticks = await chart
      .locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^\d+$/);
    // The legend's mark of each stage: eight stages, eight colours (Suggested and Rejected no longer share one).
    const fills = await page
      .locator('rect.MuiChartsLabelMark-fill')
      .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('fill')));
    expect(fills).toHaveLength(8);
    expect(new Set(fills).size).toBe(8);
  });

  it('writes and reads the date filters as the product writes dates, the three fields lined up', async () => {
    const page = await e2e.signIn(
      'admin@example.com',
      viewport,
      `/dashboard/ta-dashboard-weekly?from=2026-11-02&to=2026-12-02`,
    );
    const from = page.getByLabel('From', { exact: true });
    await from.waitFor();
    expect(await from.inputValue()).toBe('2 Nov 2026');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('2 Dec 2026');
    await from.fill('9 Nov 2026');
    await from.press('Enter');
    await page.waitForURL(/from=2026-11-09/);
    await expect.poll(() => from.inputValue()).toBe(formatDate('2026-11-09'));
    await from.fill('31/11/2026');
    await from.press('Tab');
    await page.getByText('Enter a date like 2 Dec 2026').waitFor();
    const [a, b, c] = await boxes(page);
    expect(new Set([a.height, b.height, c.height]).size).toBe(1);
    if (viewport.width >= 900) expect(new Set([a.top, b.top, c.top]).size).toBe(1);
    else expect(new Set([a.left, b.left, c.left]).size).toBe(1);
  });

  it('names the stages as the tabs do and counts Suggested as the project tabs count it', async () => {
    const page = await e2e.signIn('owner@acme.example.com', viewport, `/projects/dashboard?${RANGE}`);
    const table = page.getByTestId('recruiter-stages');
    await table.locator('tbody tr').first().waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')));
    expect(rows.map((r) => r[0])).toEqual([
      'Suggested',
      'Longlist',
      'Shortlist',
      'Interviewed',
      'Interviewed 2+',
      'Offered',
      'Placed',
      'Rejected',
    ]);
    const list = await page.evaluate(async () => (await fetch('/api/v1/projects/list?per_page=100')).json());
    const suggested = (list.data as { stats: { open: number } }[]).reduce((n, p) => n + p.stats.open, 0);
    expect(Number(rows[0][1])).toBe(suggested);
    // The demo's moves are counted: 11 into Longlist.
    expect(rows[1][2]).toBe('11');
  });
});
