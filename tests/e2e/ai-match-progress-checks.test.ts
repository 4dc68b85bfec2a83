/**
 * /ai-match's progress checks (every two seconds while a run runs) when one fails, in a real browser: a check that
 * fails once (a 503) says so only until a later check succeeds, so a finished run shows no error; a run that no
 * longer exists (404) stops the checks and says so, instead of repeating the 404 every two seconds. The
 * match_candidates jobs are taken by a running worker.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { addSingaporeCandidates, JD } from '../helpers/aiMatch';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let worker: Worker;

beforeAll(async () => {
  e2e = await startE2E();
  worker = await startWorker(e2e.db.url, e2e.config, 1);
  const admin = await e2e.signIn('admin@example.com', undefined, null, { shared: true });
  await addSingaporeCandidates(e2e, admin, 'Progresscheck', ['Orsolya', 'Ilse']);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
});

/** Pastes the description, confirms the requirements read and starts the run. */
async function startMatch(page: Page) {
  await page.getByRole('heading', { name: 'AI Match' }).waitFor();
  await page.getByLabel('Job description').fill(JD);
  await page.getByRole('button', { name: 'Read requirements' }).click();
  await page.getByRole('button', { name: 'Start matching' }).click();
}

describe('AI match progress checks that fail', () => {
  it('clears the error of a check that failed once when a later check succeeds', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/ai-match', { shared: true });
    let checks = 0;
    await page.route('**/api/v1/projects/ai-status/**', (route) =>
      checks++ === 0 ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    );
    await startMatch(page);
    await expect.poll(() => page.getByTestId('ai-match-state').innerText(), { timeout: 60_000 }).toBe('Done');
    expect(checks).toBeGreaterThan(1);
    // No alert is left but the start form's notice that no language model is configured (when none is).
    const alerts = page.getByRole('alert').and(page.locator(':not([data-testid="ai-match-no-model"])'));
    await expect.poll(() => alerts.count()).toBe(0);
  }, 120_000);

  it('stops checking a run that no longer exists and says so', async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/ai-match', { shared: true });
    let checks = 0;
    await page.route('**/api/v1/projects/ai-status/**', (route) => {
      checks++;
      return route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'errors.notFound', message: 'Not found' } }),
      });
    });
    await startMatch(page);
    const gone = page.getByTestId('ai-match-gone');
    await gone.waitFor({ timeout: 15_000 });
    await expect(gone.innerText()).resolves.toContain('This run no longer exists');
    const seen = checks;
    await page.waitForTimeout(5000);
    expect(checks).toBe(seen);
  }, 60_000);
});
