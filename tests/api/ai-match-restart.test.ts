/**
 * An AI match run whose worker stopped or crashed mid-run: graphile-worker counts the attempt, and
 * the job is tried again, starting the run over, so it ends done and its admin hears of it once. A
 * run whose last attempt was used up that way ends as failed when it is next looked at, and its
 * admin hears of that, rather than reading "judging" forever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_STATUS } from '../../schema/rules/aiMatch';
import { testApp, type TestApp } from '../helpers/app';
import { JD, matchWorld, type MatchWorld } from '../helpers/aiMatch';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let w: MatchWorld;

beforeAll(async () => {
  t = await testApp();
  t.config.aiMatch = { retrieve: 300, judgeTop: 4 };
  t.config.llm = undefined;
  w = await matchWorld(t);
  for (let i = 0; i < 3; i += 1) await w.fit({ firstName: `Fit${i}`, lastName: 'Person' });
});
afterAll(async () => {
  await t?.knex.destroy();
});

/** A confirmed run as a worker left it when it stopped mid-judging: the attempt counted and failed, the run judging. */
async function interrupted(attempts: 'first' | 'last') {
  const started = await w.admin.post('/projects/ai-match', { jobDescription: JD });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  expect((await w.admin.post(`/projects/ai-match/${started.body.id}/judge`, {})).status).toBe(200);
  const runId = Number(String(started.body.id).split(':')[1]);
  const key = `match_candidates:${runId}`;
  await t.knex.raw(
    `update graphile_worker._private_jobs
        set attempts = ${attempts === 'first' ? 1 : 'max_attempts'}, last_error = 'worker stopped', run_at = now(),
            locked_at = null, locked_by = null
      where key = ?`,
    [key],
  );
  await t.knex('ai_match_runs').where('id', runId).update({ status: MATCH_STATUS.judging, started_at: new Date() });
  return { id: started.body.id as string, runId, key };
}

const notices = async (runId: number) =>
  t.knex('notifications').where('subject_key', `aiMatchRun:${runId}`).select('title', 'events');

describe('A match run whose worker stopped', () => {
  it('is tried again, starts over and ends done, its admin told once', async () => {
    const run = await interrupted('first');
    expect((await w.admin.get(`/projects/ai-status/${run.id}`)).body.status).toBe('judging');
    await runJobs(t);
    const status = await w.admin.get(`/projects/ai-status/${run.id}`);
    expect(status.body.status).toBe('done');
    expect(await t.knex('graphile_worker.jobs').where('key', run.key)).toHaveLength(0);
    const told = await notices(run.runId);
    expect(told).toHaveLength(1);
    expect(told[0].events).toBe(1);
  });

  it('ends failed, its admin told, once its last attempt is used up', async () => {
    const run = await interrupted('last');
    await runJobs(t);
    const status = await w.admin.get(`/projects/ai-status/${run.id}`);
    expect(status.body.status).toBe('failed');
    const list = await w.admin.get('/projects/ai-match');
    expect(list.body.data.find((r: { id: string }) => r.id === run.id).status).toBe('failed');
    const told = await notices(run.runId);
    expect(told).toHaveLength(1);
    expect(told[0].events).toBe(1);
  });
});
