/**
 * "Run again" on one finished AI match, sent twice at once (a double click, two tabs) or again while the run it started
 * is still queued, starts one run: every repeat answers 201 with the same new run, and one matching job is queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { JD, matchOnce, matchWorld, type MatchWorld } from '../helpers/aiMatch';
import { startLlmStandIn, type LlmStandIn } from '../helpers/llm';

let t: TestApp;
let llm: LlmStandIn;
let w: MatchWorld;

beforeAll(async () => {
  llm = await startLlmStandIn();
  t = await testApp();
  t.config.aiMatch = { retrieve: 300, judgeTop: 3 };
  t.config.llm = {
    ...{ baseUrl: llm.baseUrl, model: llm.model, apiKey: 'local' },
    ...{ timeoutMs: 3000, retries: 0, backoffMs: 10, concurrency: 1 },
  };
  w = await matchWorld(t);
  for (let i = 0; i < 3; i += 1) await w.fit({ firstName: `Again${i}`, lastName: 'Person' });
}, 120_000);
afterAll(async () => {
  await llm?.close();
});

describe('Run again, repeated', () => {
  it('starts one run, whichever way it is repeated', async () => {
    const run = await matchOnce(t, w.admin, { jobDescription: `${JD}\nTeam: repeats.` });
    expect(run.status).toBe('done');
    const before = Number((await t.knex('ai_match_runs').count('* as n').first())?.n);
    const rerun = () => w.admin.post(`/projects/ai-match/${run.id}/rerun`, {});
    const answers = await Promise.all([rerun(), rerun(), rerun()]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const late = await rerun();
    expect(late.status).toBe(201);
    expect(late.body.id).toBe(answers[0].body.id);
    expect(Number((await t.knex('ai_match_runs').count('* as n').first())?.n)).toBe(before + 1);
  }, 120_000);
});
