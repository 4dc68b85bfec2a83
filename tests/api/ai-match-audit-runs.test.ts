/**
 * The audit's AI match run findings, through HTTP with the loopback model stand-in:
 * - a run whose every call answered 429 fails with its own plain reason (busy: wait and run again), not "check its
 *   configuration", and its detail names the status once; "Run again" matches it anew with the same requirements,
 *   asking only the candidates not judged;
 * - a cancelled run is not settled while its calls in flight finish, and settles once they wrote their verdicts;
 * - a one-paragraph description keeps its requirements: the first line holding section markers is body text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { JD, judgedMatchWorld, matchOnce, type MatchWorld } from '../helpers/aiMatch';
import { runJobs } from '../helpers/jobs';
import type { LlmStandIn } from '../helpers/llm';

let t: TestApp;
let llm: LlmStandIn;
let w: MatchWorld;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

beforeAll(async () => {
  ({ t, llm, w } = await judgedMatchWorld('Busy', 3000));
}, 120_000);
afterAll(async () => {
  await llm?.close();
});

describe('A run whose every call met a rate limit', () => {
  it('says the model was busy, names the status once, and runs again asking only those not judged', async () => {
    llm.reset();
    for (let rank = 1; rank <= 3; rank += 1) llm.misbehave(rank, 429);
    const run = await matchOnce(t, w.admin, { jobDescription: `${JD}\nTeam: busy.` });
    expect(run).toMatchObject({ status: 'failed', error: 'aiMatch.runErrors.busy' });
    expect(run.errorDetail).toBe('429 Rate limit reached');
    const [told] = await t.knex('notifications').where('subject_key', `aiMatchRun:${run.id.split(':')[1]}`);
    expect(told.title).toContain('busy');
    expect(told.title).not.toContain('configuration');

    llm.reset();
    const again = await w.admin.post(`/projects/ai-match/${run.id}/rerun`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ status: 'queued', requirements: run.requirements });
    expect(again.body.id).not.toBe(run.id);
    await runJobs(t);
    const done = (await w.admin.get(`/projects/ai-status/${again.body.id}`)).body;
    expect(done).toMatchObject({ status: 'done', progress: { judged: 3, reused: 0 } });
    // Nothing changed since: a run again copies every verdict and asks nobody.
    const third = (await w.admin.post(`/projects/ai-match/${again.body.id}/rerun`, {})).body;
    await runJobs(t);
    const copied = (await w.admin.get(`/projects/ai-status/${third.id}`)).body;
    expect(copied.progress).toMatchObject({ judged: 3, reused: 3, asked: 0 });
    // Only a finished run runs again.
    const review = (await w.admin.post('/projects/ai-match', { jobDescription: JD })).body;
    expect((await w.admin.post(`/projects/ai-match/${review.id}/rerun`, {})).status).toBe(409);
    expect((await w.company.post(`/projects/ai-match/${run.id}/rerun`, {})).status).toBe(403);
  }, 120_000);
});

describe('A run cancelled with a call in flight', () => {
  it('is not settled until the call in flight wrote its verdict', async () => {
    llm.reset();
    llm.delay(1500);
    const started = (await w.admin.post('/projects/ai-match', { jobDescription: `${JD}\nTeam: settle.` })).body;
    await w.admin.post(`/projects/ai-match/${started.id}/judge`, {});
    const job = runJobs(t);
    let status: Row = {};
    for (let i = 0; i < 200 && status.status !== 'judging'; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await w.admin.get(`/projects/ai-status/${started.id}`)).body;
    }
    await new Promise((r) => setTimeout(r, 300));
    const cancelled = (await w.admin.post(`/projects/ai-match/${started.id}/cancel`, {})).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', settled: false });
    await job;
    const settled = (await w.admin.get(`/projects/ai-status/${started.id}`)).body;
    expect(settled).toMatchObject({ status: 'cancelled', settled: true, progress: { judged: 1 } });
    const rows: Row[] = (await w.admin.get(`/projects/ai-match/${started.id}/results`)).body.data;
    expect(rows.filter((r) => r.score !== null)).toHaveLength(1);
    expect(rows.filter((r) => r.notJudged === 'cancelled')).toHaveLength(2);
  }, 120_000);
});

describe('A one-paragraph job description', () => {
  it('reads its first line as body text when it holds section markers', async () => {
    const paragraph =
      'Senior Java Developer. Required: Java, Spring Boot, PostgreSQL. Nice to have: Apache Kafka, Docker. Salary up to 9000 SGD a month. Singapore.';
    const res = await w.admin.post('/projects/ai-match', { jobDescription: paragraph });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const req = res.body.requirements;
    const skill = (label: string) => req.skills.find((s: Row) => s.label === label);
    for (const label of ['Java', 'Spring Boot', 'PostgreSQL'])
      expect(skill(label), label).toMatchObject({ required: true });
    expect(skill('Apache Kafka')).toMatchObject({ required: false });
    expect(req.salary).toMatchObject({ max: 9000, currency: 'SGD' });
    expect(req.seniority).toBe('senior');
  });
});
