/**
 * Who made each verdict: a model's verdict that was set aside (it cited facts the profile does not
 * hold) leaves the matcher's, and that row says the product judged it, with what the model said and
 * why it was set aside; the rows whose verdict the model made say the model judged them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { JD, judgedMatchWorld, matchOnce, type MatchWorld } from '../helpers/aiMatch';
import type { LlmStandIn } from '../helpers/llm';

let t: TestApp;
let llm: LlmStandIn;
let w: MatchWorld;

beforeAll(async () => {
  ({ t, llm, w } = await judgedMatchWorld('Judged', 5_000));
  return () => llm.close();
}, 120_000);

describe('The judge of each verdict', () => {
  it("names the product for a verdict the model's was set aside for, and the model for the others", async () => {
    llm.misbehave(1, 'falseCites');
    const run = await matchOnce(t, w.admin, { jobDescription: JD });
    expect(run).toMatchObject({ status: 'done', judge: 'model' });
    const res = await w.admin.get(`/projects/ai-match/${run.id}/results?sort=rank`);
    expect(res.status).toBe(200);
    const [first, ...rest] = res.body.data;
    expect(first).toMatchObject({
      rank: 1,
      judge: 'product',
      disagreement: { reason: expect.stringContaining('cited facts the profile does not hold') },
    });
    expect(first.score).toBe(first.matchScore);
    expect(rest.length).toBeGreaterThan(0);
    for (const r of rest) expect(r).toMatchObject({ judge: 'model', disagreement: null });
  }, 120_000);
});
