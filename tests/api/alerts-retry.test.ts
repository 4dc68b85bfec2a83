/**
 * A match_alerts run whose in-app notice fails (a deadlock on the notification's upsert, the pool
 * closed on shutdown) is retried whole: the changed candidates it took come back with the
 * rollback, so the retry matches them again and raises the notice that failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';
import { candidatePayload, talentIds } from '../helpers/talent';

let w: PipelineWorld;

beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);
afterAll(async () => {
  await w?.knex.raw('drop trigger if exists alerts_retry_fail on notifications');
  await w?.knex.raw('drop function if exists alerts_retry_fail()');
});

const alertNotices = async () =>
  Number((await w.knex('notifications').where('subject_key', 'like', 'alerts:%').count({ n: '*' }))[0].n);

describe('A saved-search alert whose notice fails', () => {
  it('is noticed when the job is retried', async () => {
    const on = await w.as('company').put(`/alerts/projects/Project:${w.projects.acme}`, { on: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const base = await talentIds(w.knex);
    const jt = (await w.knex('job_titles').where('name', 'Software Engineer').first('id')).id as number;
    const res = await w.as('admin').post(
      '/candidates',
      candidatePayload(base, {
        firstName: 'Retta',
        lastName: 'Newman',
        email: 'retta@new.example.org',
        jobTitleLookingFor: [jt],
        tags: [],
        educations: [],
        experiences: [],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await runJobs(w.t); // whatever the candidate's creation queued
    expect(await alertNotices()).toBe(0);

    await w.knex.raw(`create function alerts_retry_fail() returns trigger language plpgsql as $$
      begin raise exception 'notification write failed'; end $$`);
    await w.knex.raw(`create trigger alerts_retry_fail before insert or update on notifications
      for each row execute function alerts_retry_fail()`);
    await w.knex.raw("select graphile_worker.add_job('match_alerts', job_key => 'alerts-retry')");
    await runJobs(w.t);
    const [failed] = await w.knex('graphile_worker.jobs').where('key', 'alerts-retry').select('attempts', 'last_error');
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/notification write failed/);
    expect(await alertNotices()).toBe(0);

    await w.knex.raw('drop trigger alerts_retry_fail on notifications');
    await w.knex.raw('drop function alerts_retry_fail()');
    await w.knex.raw("update graphile_worker._private_jobs set run_at = now() where key = 'alerts-retry'");
    await runJobs(w.t);
    expect(await w.knex('graphile_worker.jobs').where('key', 'alerts-retry')).toHaveLength(0);
    const notice = await w.knex('notifications').where('subject_key', 'like', 'alerts:%').first('kind', 'link');
    expect(notice?.link).toBe(`/project/${w.projects.acme}?tab=0&new=1`);
    expect(await alertNotices()).toBeGreaterThan(0);
  }, 60_000);
});
