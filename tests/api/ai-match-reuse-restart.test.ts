/**
 * A restarted AI match asks the model only about what changed, through HTTP and the real
 * match_candidates job against the loopback model stand-in (counting the requests it gets):
 * - a run restarted as a worker that stopped mid-run leaves it (its job tried again), and a new run
 *   of the same project with nothing changed, ask the model nothing and rank as before;
 * - a candidate whose profile changed is asked again, that candidate alone;
 * - a changed brief asks again about every candidate;
 * - one project's verdicts never serve another company's project, even of the same brief.
 * The run's progress counts the verdicts reused and the candidates asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_STATUS } from '../../schema/rules/aiMatch';
import { MATCH_ATTEMPTS, MATCH_QUEUE, matchJobKey } from '../../backend/features/aiMatch';
import { queueJob } from '../../backend/services/queue';
import { testApp, type TestApp } from '../helpers/app';
import { JD, matchOnce, matchWorld, type MatchWorld } from '../helpers/aiMatch';
import { makeProject, type TestProject } from '../helpers/interviews';
import { runJobs } from '../helpers/jobs';
import { startLlmStandIn, type LlmStandIn } from '../helpers/llm';

let t: TestApp;
let llm: LlmStandIn;
let w: MatchWorld;
let acme: TestProject;
const fits: number[] = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

beforeAll(async () => {
  llm = await startLlmStandIn();
  t = await testApp();
  t.config.aiMatch = { retrieve: 300, judgeTop: 8 };
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
  for (let i = 0; i < 4; i += 1) fits.push(await w.fit({ firstName: `Again${i}`, lastName: 'Person' }));
  acme = await makeProject(t.knex, { title: 'Payments' });
  await t.knex('projects').where('id', acme.id).update({ job_description: JD });
});
afterAll(async () => {
  await llm?.close();
  await t?.knex.destroy();
});

/** The run's judged shortlist as the page ranks it: candidate, score and recommendation. */
async function ranking(runId: string): Promise<Row[]> {
  const res = await w.admin.get(`/projects/ai-match/${runId}/results?perPage=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((r: Row) => ({ id: r.candidateId, score: r.score, recommendation: r.recommendation }));
}

const reusedOf = async (runId: string) =>
  Object.fromEntries(
    (await w.admin.get(`/projects/ai-match/${runId}/results?perPage=100`)).body.data.map((r: Row) => [
      r.candidateId,
      r.reused,
    ]),
  );

/** Runs `runId` again as its job is tried after a worker stopped mid-run: the run judging, the job's attempt counted. */
async function restart(runId: string) {
  const id = Number(runId.split(':')[1]);
  await t.knex('ai_match_runs').where('id', id).update({ status: MATCH_STATUS.judging });
  const key = matchJobKey(id);
  await queueJob(
    t.knex,
    'match_candidates',
    { runId: id },
    { queueName: MATCH_QUEUE, jobKey: key, maxAttempts: MATCH_ATTEMPTS },
  );
  await t.knex.raw(
    `update graphile_worker._private_jobs set attempts = 1, last_error = 'worker stopped' where key = ?`,
    [key],
  );
  llm.reset();
  await runJobs(t);
  const status = await w.admin.get(`/projects/ai-status/${runId}`);
  expect(status.status).toBe(200);
  return status.body as Row;
}

describe('A restarted match', () => {
  let first: Row;
  let before: Row[];

  it('asks the model nothing when nothing changed, and ranks as before', async () => {
    llm.reset();
    first = await matchOnce(t, w.admin, { projectId: `Project:${acme.id}` });
    expect(first).toMatchObject({ status: 'done', judge: 'model' });
    const toJudge = first.progress.toJudge;
    expect(toJudge).toBe(8);
    expect(llm.requests).toHaveLength(toJudge);
    expect(first.progress).toMatchObject({ judged: toJudge, reused: 0 });
    before = await ranking(first.id);

    // The worker stopped mid-run: the job is tried again.
    const restarted = await restart(first.id);
    expect(llm.requests).toHaveLength(0);
    expect(await ranking(first.id)).toEqual(before);
    expect(restarted).toMatchObject({ status: 'done', progress: { judged: toJudge, reused: toJudge } });

    // The recruiter starts the same project's match again.
    const again = await matchOnce(t, w.admin, { projectId: `Project:${acme.id}` });
    expect(llm.requests).toHaveLength(0);
    expect(await ranking(again.id)).toEqual(before);
    expect(again).toMatchObject({ status: 'done', progress: { judged: toJudge, reused: toJudge } });
    // The progress says how many were asked: all the first time, none since.
    expect([first, restarted, again].map((r) => r.progress.asked)).toEqual([toJudge, 0, 0]);
  }, 60_000);

  it('asks again about one candidate whose profile changed, and only about them', async () => {
    const judged = new Set(before.map((r) => r.id));
    const changer = fits.find((id) => judged.has(`Candidate:${id}`))!;
    expect(changer, 'one of the fits is judged').toBeDefined();
    const profile = await w.admin.get(`/candidates/Candidate:${changer}`);
    expect(profile.status).toBe(200);
    // The same skills, none highlighted now: what the model reads of them changed.
    const changed = await w.admin.put(`/candidates/Candidate:${changer}`, {
      skills: profile.body.skills.map((s: Row) => ({ skillId: s.skillId, isStar: false })),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const restarted = await restart(first.id);
    expect(llm.requests).toHaveLength(1);
    expect(llm.prompts()[0]).toContain('"highlighted":false');
    expect(restarted.progress).toMatchObject({ judged: 8, reused: 7, asked: 1 });
    const reused = await reusedOf(first.id);
    expect(reused[`Candidate:${changer}`]).toBe(false);
    expect(Object.values(reused).filter(Boolean)).toHaveLength(7);
  }, 60_000);

  it('asks again about every candidate when the brief changed', async () => {
    await t
      .knex('projects')
      .where('id', acme.id)
      .update({ job_description: `${JD}\nYou will own the card settlement service.` });
    llm.reset();
    const run = await matchOnce(t, w.admin, { projectId: `Project:${acme.id}` });
    expect(run.status).toBe('done');
    expect(llm.requests).toHaveLength(run.progress.toJudge);
    expect(run.progress).toMatchObject({ judged: run.progress.toJudge, reused: 0, asked: run.progress.toJudge });
  }, 60_000);

  it("never serves one project's verdicts to another company's project of the same brief", async () => {
    const other = await makeProject(t.knex, { title: 'Payments', ownerEmail: 'owner@raas.example.com' });
    expect(other.companyId).not.toBe(acme.companyId);
    await t.knex('projects').where('id', other.id).update({ job_description: JD });
    await t.knex('projects').where('id', acme.id).update({ job_description: JD });
    // Acme's project is matched (its verdicts kept), then the other company's of the same brief.
    const mine = await matchOnce(t, w.admin, { projectId: `Project:${acme.id}` });
    expect(mine.status).toBe('done');
    llm.reset();
    const theirs = await matchOnce(t, w.admin, { projectId: `Project:${other.id}` });
    expect(theirs.inputHash).toBe(mine.inputHash);
    expect(llm.requests).toHaveLength(theirs.progress.toJudge);
    expect(theirs.progress).toMatchObject({ judged: 8, reused: 0, asked: 8 });
  }, 60_000);
});
