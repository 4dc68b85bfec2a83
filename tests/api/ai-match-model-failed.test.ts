/**
 * An AI match run whose every call to the language model fails (the server is set up with a model
 * the model's server does not know: 404) judged no candidate: it ends failed, not done "with
 * verdicts by the language model", with a run-level reason in the catalogue's words and the first
 * failure's detail for the admins, on the page's API and in its admin's notification. A run where
 * the model answers ends done as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { JD, matchOnce, matchWorld, type MatchWorld } from '../helpers/aiMatch';
import { startLlmStandIn, type LlmStandIn } from '../helpers/llm';

let t: TestApp;
let llm: LlmStandIn;
let w: MatchWorld;

const setModel = (model: string) => {
  t.config.llm = {
    ...{ baseUrl: llm.baseUrl, model, apiKey: 'local' },
    ...{ timeoutMs: 5_000, retries: 0, backoffMs: 10, concurrency: 2 },
  };
};

beforeAll(async () => {
  llm = await startLlmStandIn();
  t = await testApp();
  t.config.aiMatch = { retrieve: 300, judgeTop: 3 };
  w = await matchWorld(t);
  for (let i = 0; i < 3; i += 1) await w.fit({ firstName: `Unjudged${i}`, lastName: 'Person' });
}, 120_000);
afterAll(async () => {
  await llm?.close();
});

describe('An AI match run the model judged none of', () => {
  it('ends failed with the reason in words and the first failure for admins', async () => {
    setModel('no-such-model');
    const run = await matchOnce(t, w.admin, { jobDescription: JD });
    expect(llm.requests.length).toBeGreaterThan(0);
    expect(run).toMatchObject({
      status: 'failed',
      error: 'aiMatch.runErrors.model',
      progress: { toJudge: 3, judged: 0, notJudged: 3 },
    });
    expect(run.errorDetail).toMatch(/404/);
    expect(run.errorDetail).toContain('no-such-model not found');
    const listed = (await w.admin.get('/projects/ai-match')).body.data.find((r: { id: string }) => r.id === run.id);
    expect(listed).toMatchObject({ status: 'failed', error: 'aiMatch.runErrors.model' });
    const runId = Number(String(run.id).split(':')[1]);
    const [told] = await t.knex('notifications').where('subject_key', `aiMatchRun:${runId}`);
    expect(told.title).toContain('the language model answered none of the calls');
  }, 120_000);

  it('ends done when the model it is set up with answers', async () => {
    setModel(llm.model);
    const run = await matchOnce(t, w.admin, { jobDescription: JD });
    expect(run).toMatchObject({ status: 'done', error: null, errorDetail: null, progress: { judged: 3 } });
  }, 120_000);
});
