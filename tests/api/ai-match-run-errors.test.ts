/**
 * An AI match run's errors stay its own and in words: a model answer holding a NUL character
 * (which PostgreSQL refuses in text) leaves only that candidate not judged ('malformed') and the
 * run ends done; a run that fails for another reason says why without any SQL, on the page's API
 * and in its admin's notification. A cancel that lands after the job read the run but before it
 * started it leaves the run cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMatch } from '../../backend/features/aiMatch';
import { MATCH_STATUS } from '../../schema/rules/aiMatch';
import type { TestApp } from '../helpers/app';
import { JD, judgedMatchWorld, matchOnce, type MatchWorld } from '../helpers/aiMatch';
import { runJobs } from '../helpers/jobs';
import type { LlmStandIn } from '../helpers/llm';

let t: TestApp;
let llm: LlmStandIn;
let w: MatchWorld;

const SQL = /\b(select|insert|update|delete|from|where|limit)\b|"ai_match|\$\d/i;

beforeAll(async () => {
  ({ t, llm, w } = await judgedMatchWorld('Errant', 5_000));
}, 120_000);
afterAll(async () => {
  await llm?.close();
});

const plainId = (id: string) => Number(String(id).split(':')[1]);

describe('An AI match run', () => {
  it('ends done when one answer holds a NUL character, that candidate not judged (malformed)', async () => {
    llm.reset();
    llm.misbehave(2, 'nul');
    const run = await matchOnce(t, w.admin, { jobDescription: JD });
    expect(run).toMatchObject({ status: 'done', error: null, progress: { toJudge: 3, judged: 2, notJudged: 1 } });
    const res = await w.admin.get(`/projects/ai-match/${run.id}/results?sort=rank`);
    expect(res.status).toBe(200);
    const byRank = Object.fromEntries(
      (res.body.data as { rank: number; notJudged: string | null; score: number | null }[]).map((r) => [r.rank, r]),
    );
    expect(byRank[2]).toMatchObject({ notJudged: 'malformed', score: null });
    for (const rank of [1, 3]) expect(byRank[rank]).toMatchObject({ notJudged: null, judge: 'model' });
    expect(byRank[1].score).toEqual(expect.any(Number));
  }, 120_000);

  it('that fails for another reason says why in words, with no SQL, on the page and in the notification', async () => {
    llm.reset();
    const started = await w.admin.post('/projects/ai-match', { jobDescription: JD });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await w.admin.post(`/projects/ai-match/${started.body.id}/judge`, {})).status).toBe(200);
    const runId = plainId(started.body.id);
    // The database refuses the run's shortlist (a check no row meets, on this file's own database): the
    // run fails there, the error PostgreSQL and knex give quoting the SQL.
    await t.knex.raw('alter table ai_match_results add constraint refuse_all check (rank < 0) not valid');
    try {
      await runJobs(t);
    } finally {
      await t.knex.raw('alter table ai_match_results drop constraint refuse_all');
    }
    const run = (await w.admin.get(`/projects/ai-status/${started.body.id}`)).body;
    expect(run.status).toBe('failed');
    expect(run.error).toBe('aiMatch.runErrors.failed');
    const list = await w.admin.get('/projects/ai-match');
    const listed = list.body.data.find((r: { id: string }) => r.id === run.id);
    expect(listed).toMatchObject({ status: 'failed', error: 'aiMatch.runErrors.failed' });
    const [told] = await t.knex('notifications').where('subject_key', `aiMatchRun:${runId}`);
    expect(told.title).toContain('the run stopped on an unexpected error');
    expect(told.title).not.toMatch(SQL);
    expect(told.title).not.toMatch(/check constraint|refuse_all/i);
  }, 120_000);

  it('cancelled after its job read it but before the job started it stays cancelled', async () => {
    llm.reset();
    const started = await w.admin.post('/projects/ai-match', { jobDescription: JD });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await w.admin.post(`/projects/ai-match/${started.body.id}/judge`, {})).status).toBe(200);
    const runId = plainId(started.body.id);
    // The cancel, written but not yet committed, holds the run's row: the job reads the run as queued
    // (the cancel is not visible yet) and its start waits for the row.
    const cancel = await t.knex.transaction();
    let job: Promise<void> | undefined;
    try {
      const pid = (await cancel.raw('select pg_backend_pid() as pid')).rows[0].pid as number;
      await cancel('ai_match_runs')
        .where('id', runId)
        .update({ status: MATCH_STATUS.cancelled, finished_at: new Date(), updated_at: new Date() });
      job = runMatch(t.knex, t.config, runId);
      // Until the job's start waits behind the cancel (a condition, not a time).
      for (;;) {
        const { rows } = await t.knex.raw(
          'select count(*)::int as n from pg_stat_activity where ? = any(pg_blocking_pids(pid))',
          [pid],
        );
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await cancel.commit();
    } catch (err) {
      await cancel.rollback();
      throw err;
    }
    await job;
    const status = await w.admin.get(`/projects/ai-status/${started.body.id}`);
    expect(status.body.status).toBe('cancelled');
    expect(status.body.progress).toMatchObject({ judged: 0, notJudged: 0 });
    expect(await t.knex('ai_match_results').where('run_id', runId)).toHaveLength(0);
  }, 120_000);
});
