/**
 * A cancelled AI match run no job works settles at once, through HTTP (backend/features/aiMatch/settle.ts):
 * - cancelled while its job waits in the queue (no worker has taken it): the cancel's answer and every read after say
 *   settled, with nothing counted, its job leaves the queue, and "Run again" matches it anew;
 * - cancelled while its job is locked by a worker that is gone (the lock left in graphile-worker's jobs, no live
 *   connection holding the run): settled at once, its judged count kept and the rest of its shortlist "cancelled",
 *   its job never retried.
 * A run whose job is at work settles only when the job notices (tests/api/ai-match-audit-runs.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MATCH_STATUS } from '../../schema/rules/aiMatch';
import { testApp, type TestApp } from '../helpers/app';
import { JD, matchWorld, type MatchWorld } from '../helpers/aiMatch';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let w: MatchWorld;
const fits: number[] = [];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

beforeAll(async () => {
  t = await testApp();
  t.config.aiMatch = { retrieve: 300, judgeTop: 3 };
  t.config.llm = undefined;
  w = await matchWorld(t);
  for (let i = 0; i < 2; i += 1) fits.push(await w.fit({ firstName: `Settle${i}`, lastName: 'Person' }));
}, 120_000);

const plain = (id: string) => Number(id.split(':')[1]);
const jobOf = (id: string) =>
  t
    .knex('graphile_worker.jobs')
    .where('key', `match_candidates:${plain(id)}`)
    .first('id', 'locked_at');

/** A run confirmed and queued, its job not taken by any worker. */
async function queued(team: string): Promise<Row> {
  const started = (await w.admin.post('/projects/ai-match', { jobDescription: `${JD}\nTeam: ${team}.` })).body;
  const judged = await w.admin.post(`/projects/ai-match/${started.id}/judge`, {});
  expect(judged.body).toMatchObject({ status: 'queued', settled: false });
  expect(await jobOf(started.id)).toBeTruthy();
  return judged.body;
}

describe('A run cancelled before its job started', () => {
  it('is settled at once, counts nothing, leaves the queue and runs again', async () => {
    const run = await queued('never started');
    const cancelled = await w.admin.post(`/projects/ai-match/${run.id}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      settled: true,
      progress: { retrieved: 0, toJudge: 0, judged: 0, notJudged: 0, reused: 0, asked: 0 },
    });
    expect((await w.admin.get(`/projects/ai-status/${run.id}`)).body).toMatchObject({ settled: true });
    expect(await jobOf(run.id)).toBeUndefined();
    // A worker coming later finds nothing to do for it.
    await runJobs(t);
    const after = (await w.admin.get(`/projects/ai-status/${run.id}`)).body;
    expect(after).toMatchObject({ status: 'cancelled', settled: true, progress: { retrieved: 0, judged: 0 } });
    expect((await w.admin.get(`/projects/ai-match/${run.id}/results`)).body.total).toBe(0);

    const again = await w.admin.post(`/projects/ai-match/${run.id}/rerun`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    await runJobs(t);
    const rerun = (await w.admin.get(`/projects/ai-status/${again.body.id}`)).body;
    expect(rerun).toMatchObject({ status: 'done', settled: true });
    expect(rerun.progress.judged).toBeGreaterThan(0);
  }, 60_000);
});

describe('A run cancelled while a worker that is gone holds its job', () => {
  it('is settled at once with what it judged, the rest of its shortlist cancelled, its job never retried', async () => {
    const run = await queued('worker gone');
    const id = plain(run.id);
    // What a worker that stopped mid-run leaves: the job locked by it, the run judging, one of two candidates judged.
    await t
      .knex('graphile_worker._private_jobs')
      .where('key', `match_candidates:${id}`)
      .update({ locked_at: t.knex.fn.now(), locked_by: 'worker-gone', attempts: 1 });
    await t.knex('ai_match_runs').where('id', id).update({
      status: MATCH_STATUS.judging,
      started_at: t.knex.fn.now(),
      retrieved: 2,
      to_judge: 2,
      judged: 1,
      asked: 1,
    });
    await t.knex('ai_match_results').insert([
      { run_id: id, candidate_id: fits[0], rank: 1, match_score: 90, score: 90, recommendation: 1, judge: 2 },
      { run_id: id, candidate_id: fits[1], rank: 2, match_score: 88 },
    ]);
    expect((await w.admin.get(`/projects/ai-status/${run.id}`)).body).toMatchObject({ status: 'judging' });

    const cancelled = (await w.admin.post(`/projects/ai-match/${run.id}/cancel`, {})).body;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      settled: true,
      progress: { retrieved: 2, toJudge: 2, judged: 1, notJudged: 0 },
    });
    const rows: Row[] = (await w.admin.get(`/projects/ai-match/${run.id}/results`)).body.data;
    expect(rows.map((r) => [r.score, r.notJudged])).toEqual([
      [90, null],
      [null, 'cancelled'],
    ]);
    // The job a dead worker holds is never retried under the run's key.
    expect(await jobOf(run.id)).toBeUndefined();
    expect((await w.admin.get(`/projects/ai-status/${run.id}`)).body).toMatchObject({ settled: true });
  }, 60_000);
});
