/**
 * /ai-match?run=<id> for a run that does not exist, in a real browser: a run deleted since its link was shared, an
 * id that never named a run and one that does not even parse all answer 404, and the page says the run no longer
 * exists (the same words a run gone while polled shows) with no generic error and no endless loading; the start
 * form and the past runs it points to still work from there, and the message leaves with the next run shown.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { JD } from '../helpers/aiMatch';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;
let keptRun: string;
let deletedRun: string;

/** Starts a run through the API (it waits in review) and returns its id as the API shows it. */
async function startRun(page: Page): Promise<string> {
  const res = await page.request.post(`${e2e.baseUrl}/api/v1/projects/ai-match`, {
    headers: { origin: e2e.baseUrl },
    data: { jobDescription: JD },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

beforeAll(async () => {
  e2e = await startE2E();
  const admin = await e2e.signIn('admin@example.com', undefined, null, { shared: true });
  keptRun = await startRun(admin);
  deletedRun = await startRun(admin);
  await e2e.db
    .knex('ai_match_runs')
    .where('id', Number(deletedRun.split(':').pop()))
    .delete();
}, 120_000);

/** Opens the address and waits for the page's answer: the run gone, or anything else. */
async function openGone(run: string) {
  const page = await e2e.signIn('admin@example.com', undefined, `/ai-match?run=${encodeURIComponent(run)}`, {
    shared: true,
  });
  await page.getByRole('heading', { name: 'AI Match' }).waitFor();
  const gone = page.getByTestId('ai-match-gone');
  await gone.waitFor({ timeout: 15_000 });
  expect(await gone.innerText()).toBe('This run no longer exists. Start a new match or open one of the past runs.');
  // The one alert is that one (but the start form's notice when no language model is configured): no generic
  // error, and nothing left loading.
  const others = page
    .getByRole('alert')
    .and(page.locator(':not([data-testid="ai-match-gone"]):not([data-testid="ai-match-no-model"])'));
  await expect.poll(() => others.count()).toBe(0);
  await expect.poll(() => page.getByRole('progressbar', { name: 'Loading' }).count()).toBe(0);
  return page;
}

describe('AI match run opened by its address when it no longer exists', () => {
  it('says a deleted run no longer exists, and a past run opens from there', async () => {
    const page = await openGone(deletedRun);
    const past = page.getByRole('table', { name: 'Past runs' });
    await past.waitFor();
    await past.getByRole('link').first().click();
    await page.waitForURL((url) => url.searchParams.get('run') === keptRun);
    await page.getByRole('button', { name: 'Start matching' }).waitFor();
    await expect.poll(() => page.getByTestId('ai-match-gone').count()).toBe(0);
  }, 60_000);

  it('says so for an id that never named a run, and a new match starts from there', async () => {
    const page = await openGone('AiMatchRun:987654');
    await page.getByLabel('Job description').fill(JD);
    await page.getByRole('button', { name: 'Read requirements' }).click();
    await page.getByRole('button', { name: 'Start matching' }).waitFor();
    await expect.poll(() => page.getByTestId('ai-match-gone').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('run')).not.toBe('AiMatchRun:987654');
  }, 60_000);

  it('says so for an id that does not parse', async () => {
    await openGone('not-a-run');
  }, 60_000);
});
