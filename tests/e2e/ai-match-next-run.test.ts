/**
 * /ai-match when a second run is started on the same page, at a desktop and a phone size: the
 * first run's ticked candidates and its recommendation filter do not carry over, so "Add selected
 * to project" cannot add the first run's candidates after the second, and the second run's
 * shortlist shows every recommendation. The match_candidates jobs are taken by a running worker.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { addSingaporeCandidates, JD } from '../helpers/aiMatch';
import { startE2E, type E2E } from '../helpers/e2e';

const SCREENS = [
  { name: '1440×900', viewport: { width: 1440, height: 900 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
];

let e2e: E2E;
let worker: Worker;

beforeAll(async () => {
  e2e = await startE2E();
  worker = await startWorker(e2e.db.url, e2e.config, 1);
  const admin = await e2e.signIn('admin@example.com', SCREENS[0].viewport, null, { shared: true });
  // Four profiles alike, so one recommendation holds at least three of them.
  await addSingaporeCandidates(e2e, admin, 'Nextrun', ['Orsolya', 'Ilse', 'Tomasz', 'Amara']);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
});

/** Pastes the description, confirms the requirements read and waits for the run to be done. */
async function runMatch(page: Page) {
  await page.getByLabel('Job description').fill(JD);
  await page.getByRole('button', { name: 'Read requirements' }).click();
  await page.getByRole('button', { name: 'Start matching' }).click();
  await expect.poll(() => page.getByTestId('ai-match-state').innerText(), { timeout: 30_000 }).toBe('Done');
  return new URL(page.url()).searchParams.get('run');
}

describe.each(SCREENS)('AI match, a second run at $name', ({ viewport }) => {
  it("starts the second run with nothing ticked and every recommendation shown, whatever the first's", async () => {
    const page = await e2e.signIn('admin@example.com', viewport, '/ai-match', { shared: true });
    await page.getByRole('heading', { name: 'AI Match' }).waitFor();
    const first = await runMatch(page);
    const rows = page.getByTestId('ai-match-result');
    await rows.first().waitFor();

    // The first run: filtered to its most common recommendation, and up to three of those ticked.
    const verdicts = await rows.getByTestId('ai-match-verdict').allInnerTexts();
    const common = [...new Set(verdicts)].sort(
      (a, b) => verdicts.filter((v) => v === b).length - verdicts.filter((v) => v === a).length,
    )[0];
    const filter = page.getByRole('combobox', { name: 'Recommendation' });
    await filter.click();
    await page.getByRole('option', { name: common, exact: true }).click();
    await expect
      .poll(async () => new Set(await rows.getByTestId('ai-match-verdict').allInnerTexts()))
      .toEqual(new Set([common]));
    const ticks = Math.min(3, await rows.count());
    for (let i = 0; i < ticks; i++) await rows.nth(i).getByRole('checkbox').check();
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(ticks);
    const addSelected = page.getByRole('button', { name: 'Add selected to project' });
    expect(await addSelected.isEnabled()).toBe(true);

    // The second run, started from the same page.
    const second = await runMatch(page);
    expect(second).not.toBe(first);
    await rows.first().waitFor();
    expect(await filter.innerText()).toBe('All');
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
    expect(await addSelected.isDisabled()).toBe(true);
    // Every recommendation of the second run is listed, not the first run's filter's.
    const shown = await rows.getByTestId('ai-match-verdict').allInnerTexts();
    expect(shown.length).toBe(verdicts.length);
  }, 120_000);
});
