/**
 * AI match verdicts stay true to the candidate as they are, through HTTP and the real
 * match_candidates job against the loopback model stand-in:
 * - a verdict is reused only for the same evidence: a candidate whose skills changed between two
 *   runs of the same description is asked again and held to accept.ts's bounds (none of the
 *   required skills: a score of 20 at most, within 10 of the matcher's), while an unchanged one is
 *   still reused;
 * - a candidate who withdraws consent to AI match while a run is judging is not sent to the model
 *   afterwards, and is marked not judged ('unavailable').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { JD, matchOnce, matchWorld, type MatchWorld } from '../helpers/aiMatch';
import { runJobs } from '../helpers/jobs';
import { startLlmStandIn, type LlmStandIn } from '../helpers/llm';

let t: TestApp;
let llm: LlmStandIn;
let w: MatchWorld;
const people: Record<string, number> = {};
/** Work history only the withdrawing candidate holds, to find their profile in a prompt. */
const LEAVER_TEXT = 'Built the Quokkaledger settlement engine';

beforeAll(async () => {
  llm = await startLlmStandIn();
  t = await testApp();
  t.config.aiMatch = { retrieve: 300, judgeTop: 25 };
  t.config.llm = {
    baseUrl: llm.baseUrl,
    model: llm.model,
    apiKey: 'local',
    timeoutMs: 3000,
    retries: 0,
    backoffMs: 10,
    concurrency: 3,
  };
  w = await matchWorld(t);
  people.changer = await w.fit({ firstName: 'Changer', lastName: 'Person' });
  people.steady = await w.fit({ firstName: 'Steady', lastName: 'Person' });
});
afterAll(async () => {
  await llm?.close();
  await t?.knex.destroy();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

async function resultsOf(runId: string): Promise<Row[]> {
  const res = await w.admin.get(`/projects/ai-match/${runId}/results?perPage=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const rowOf = (rows: Row[], id: number) => rows.find((r) => r.candidateId === `Candidate:${id}`);

describe('Reusing a verdict', () => {
  it('asks again about a candidate whose skills changed, within the bounds, and reuses the unchanged', async () => {
    llm.reset();
    const first = await matchOnce(t, w.admin, { jobDescription: JD });
    expect(first).toMatchObject({ status: 'done', judge: 'model' });
    const before = rowOf(await resultsOf(first.id), people.changer)!;
    expect(before.score).toBeGreaterThan(60);
    expect(before.strengths.join(' ')).toMatch(/Java/);

    // The candidate drops every skill the description asks for.
    const asked = ['Java', 'Spring Boot', 'Apache Kafka', 'Amazon Web Services', 'PostgreSQL'];
    const other = (await t.knex('skills').whereNotIn('name', asked).orderBy('id').first('id')).id;
    const changed = await w.admin.put(`/candidates/Candidate:${people.changer}`, {
      skills: [{ skillId: other, isStar: true }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    llm.reset();
    const again = await matchOnce(t, w.admin, { jobDescription: JD });
    expect(again.inputHash).toBe(first.inputHash);
    expect(again.status).toBe('done');
    const rows = await resultsOf(again.id);
    const after = rowOf(rows, people.changer)!;
    expect(after, 'the changed candidate is among those judged').toBeDefined();
    expect(after).toMatchObject({ reused: false, judge: 'model', notJudged: null });
    expect(after.matchScore).toBeLessThanOrEqual(20);
    expect(after.score).toBeLessThanOrEqual(20);
    expect(Math.abs(after.score - after.matchScore)).toBeLessThanOrEqual(10);
    expect(after.recommendation).not.toBe('strong_yes');
    expect(after.strengths.join(' ')).not.toMatch(/Java|PostgreSQL/);
    // Only the changed candidate was asked; every other verdict, the unchanged candidate's too, was reused.
    expect(llm.requests).toHaveLength(1);
    expect(rowOf(rows, people.steady)).toMatchObject({
      reused: true,
      score: rowOf(await resultsOf(first.id), people.steady)!.score,
    });
    expect(again.progress.reused).toBe(again.progress.toJudge - 1);
  }, 60_000);
});

describe('Consent withdrawn while a run judges', () => {
  it('never sends the candidate to the model after the withdrawal, and marks them not judged', async () => {
    // One of the skills and two years: judged late in the run.
    const year = new Date().getUTCFullYear();
    const ids = (await t.knex('skills').where('name', 'Java').select('id')).map((s) => s.id);
    people.leaver = await w.fit(
      {
        firstName: 'Leaver',
        lastName: 'Person',
        skills: ids.map((skillId: number) => ({ skillId, isStar: false })),
        experiences: [
          {
            title: 'Backend Engineer',
            company: 'Quokka',
            startDate: `${year - 2}-01-01`,
            currentPosition: true,
            description: `${LEAVER_TEXT} in Java.`,
          },
        ],
      },
      year - 2,
    );
    llm.reset();
    llm.delay(150);
    const saved = t.config.llm!;
    t.config.llm = { ...saved, concurrency: 1 };
    t.config.aiMatch = { retrieve: 300, judgeTop: 12 };
    try {
      const started = (await w.admin.post('/projects/ai-match', { jobDescription: `${JD}\nTeam: ledger.` })).body;
      expect((await w.admin.post(`/projects/ai-match/${started.id}/judge`, {})).body.status).toBe('queued');
      const job = runJobs(t);
      let status: Row = {};
      for (let i = 0; i < 200 && !(status.status === 'judging' && status.progress.judged >= 1); i += 1) {
        await new Promise((r) => setTimeout(r, 25));
        status = (await w.admin.get(`/projects/ai-status/${started.id}`)).body;
      }
      expect(status.status).toBe('judging');
      const withdrawn = await w.admin.put(`/data-rights/candidates/Candidate:${people.leaver}/consents`, {
        consents: { aiMatch: false },
        request: 'The candidate asked by phone not to be assessed by AI match.',
      });
      expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
      const sentBefore = llm.prompts().length;
      await job;

      const final = (await w.admin.get(`/projects/ai-status/${started.id}`)).body;
      expect(final.status).toBe('done');
      const prompts = llm.prompts();
      expect(prompts.length).toBeGreaterThan(sentBefore);
      const runId = Number(String(started.id).split(':')[1]);
      const row = await t.knex('ai_match_results').where({ run_id: runId, candidate_id: people.leaver }).first();
      // One call at a time, best first: the candidate's turn came after the withdrawal, and nothing of them was sent.
      expect(row.rank).toBeGreaterThan(sentBefore);
      expect(prompts.some((p) => p.includes(LEAVER_TEXT))).toBe(false);
      expect(row).toMatchObject({ not_judged: 'unavailable', score: null });
      expect(final.progress.judged + final.progress.notJudged).toBe(final.progress.toJudge);
    } finally {
      t.config.llm = saved;
      t.config.aiMatch = { retrieve: 300, judgeTop: 25 };
    }
  });
});
