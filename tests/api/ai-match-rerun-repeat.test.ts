/**
 * "Run again" on one finished AI match, sent twice at once (a double click, two tabs) or again while the run it started
 * is still queued, starts one run: every repeat answers 201 with the same new run, and one matching job is queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { JD, judgedMatchWorld, matchOnce, type MatchWorld } from '../helpers/aiMatch';
import type { LlmStandIn } from '../helpers/llm';

let t: TestApp;
let llm: LlmStandIn;
let w: MatchWorld;

beforeAll(async () => {
  ({ t, llm, w } = await judgedMatchWorld('Again', 3000));
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
