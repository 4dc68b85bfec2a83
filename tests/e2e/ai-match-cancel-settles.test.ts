/**
 * /ai-match after Cancel and after "Run again", without a reload: a run cancelled while a call to the model is in
 * flight shows "Cancelled" at once, offers no "Run again" while that call still writes its verdict, and arrives by
 * itself at the settled state (the verdict written listed, the rest of the shortlist "cancelled", "Run again"
 * offered); "Run again" then follows the new run to done, reusing that verdict. The match_candidates jobs are taken by
 * a running worker; the model is the loopback stand-in, slowed so the cancel lands mid-call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type Worker } from '../../backend/jobs/worker';
import { addSingaporeCandidates, JD } from '../helpers/aiMatch';
import { startE2E, type E2E } from '../helpers/e2e';
import { startLlmStandIn, type LlmStandIn } from '../helpers/llm';

const VIEWPORT = { width: 1440, height: 900 };
let e2e: E2E;
let worker: Worker;
let llm: LlmStandIn;

beforeAll(async () => {
  llm = await startLlmStandIn();
  e2e = await startE2E();
  e2e.config.aiMatch = { retrieve: 300, judgeTop: 3 };
  e2e.config.llm = {
    ...{ baseUrl: llm.baseUrl, model: llm.model, apiKey: 'local' },
    ...{ timeoutMs: 30_000, retries: 0, backoffMs: 10, concurrency: 1 },
  };
  worker = await startWorker(e2e.db.url, e2e.config, 1);
  const admin = await e2e.signIn('admin@example.com', VIEWPORT, null);
  await addSingaporeCandidates(e2e, admin, 'Cancelled', ['Ottilie', 'Benedikt', 'Sunniva', 'Ekaterina']);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await llm?.close();
});

describe('AI match, cancelled mid-call and run again', () => {
  it('arrives at the settled state after Cancel, then at done after Run again, without a reload', async () => {
    const page = await e2e.signIn('admin@example.com', VIEWPORT, '/ai-match');
    await page.getByRole('heading', { name: 'AI Match' }).waitFor();
    // A mark on this document: a reload or a navigation away would lose it.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    llm.reset();
    llm.delay(4000);

    await page.getByLabel('Job description').fill(`${JD}\nTeam: cancel and run again.`);
    await page.getByRole('button', { name: 'Read requirements' }).click();
    await page.getByRole('button', { name: 'Start matching' }).click();
    // The first call reaches the model; it answers four seconds later.
    await expect.poll(() => llm.requests.length, { timeout: 30_000, interval: 25 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cancel match' }).click();

    const state = page.getByTestId('ai-match-state');
    await expect.poll(() => state.innerText()).toBe('Cancelled');
    const runAgain = page.getByRole('button', { name: 'Run again' });
    // The call in flight has not written its verdict: nothing to run again yet, and none judged on screen.
    expect(await runAgain.count()).toBe(0);
    const verdicts = () => page.getByTestId('ai-match-verdict').allInnerTexts();
    const judgedShown = async () => (await verdicts()).filter((v) => !v.startsWith('Not judged')).length;
    expect(await judgedShown()).toBe(0);

    // The page keeps reading the run until it is settled, then shows its final results.
    await runAgain.waitFor({ timeout: 30_000 });
    await expect.poll(judgedShown, { timeout: 15_000 }).toBeGreaterThan(0);
    const cancelled = new URL(page.url()).searchParams.get('run')!;
    const runId = Number(cancelled.split(':')[1]);
    const run = await e2e.db.knex('ai_match_runs').where('id', runId).first('judged', 'to_judge');
    expect(await judgedShown()).toBe(run.judged);
    expect((await verdicts()).filter((v) => v.startsWith('Not judged: '))).toHaveLength(run.to_judge - run.judged);
    expect(await page.getByTestId('ai-match-reuse').innerText()).toContain(`judged afresh: ${run.judged}.`);

    // Run again: the new run is followed to done, the verdict given reused.
    llm.delay(0);
    await runAgain.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('run')).not.toBe(cancelled);
    await expect.poll(() => state.innerText(), { timeout: 30_000 }).toBe('Done');
    await expect
      .poll(() => page.getByTestId('ai-match-reuse').innerText(), { timeout: 10_000 })
      .toContain(`Verdicts reused, nothing they rest on having changed: ${run.judged}.`);
    expect((await verdicts()).filter((v) => !v.startsWith('Not judged'))).toHaveLength(run.to_judge);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  }, 120_000);
});
