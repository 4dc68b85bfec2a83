/**
 * The batched curated-candidates email follows the project's and the company's status and what the
 * owner's board shows: curated into a project closed, or of a company suspended, before the job
 * runs, candidates are told of to nobody; a curated candidate who pauses before it runs is not
 * counted as new.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '../helpers/jobs';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

const curate = async (projectId: number, names: string[]) => {
  const res = await w
    .as('admin')
    .post('/projects/candidate/curate', { projectId: `Project:${projectId}`, candidateIds: names.map(w.cid) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.added).toBe(names.length);
};
const curatedMails = async (to: string, title: string) =>
  (await w.knex('outbox_emails').where('to', to).orderBy('id').pluck('subject')).filter(
    (s: string) => /^New curated candidates? for (.*): \d+$/.exec(s)?.[1] === title,
  );
const queuedCuratedEmails = async (projectId: number) =>
  w.knex('graphile_worker.jobs').where('key', `curated-email:${projectId}`).count<{ n: number }[]>('* as n');

describe('The curated-candidates email', () => {
  it('tells nobody of candidates curated into a project closed before the job runs', async () => {
    await curate(w.projects.acmeUnshared, ['Ava', 'Ivy']);
    expect(await queuedCuratedEmails(w.projects.acmeUnshared)).toEqual([{ n: 1 }]);
    const closed = await w.as('company').put('/projects', { keys: [`Project:${w.projects.acmeUnshared}`], status: 3 });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await runJobs(w.t);
    expect(await curatedMails('owner@acme.example.com', 'Acme confidential')).toEqual([]);
  });

  it('does not count a curated candidate who paused before the job ran', async () => {
    await curate(w.projects.memberOwn, ['Ava', 'Ivy']);
    const token = await w.t.login('ava@talent.example.org');
    const paused = await w.t.http
      .post(`/api/v1/candidates/${w.cid('Ava')}/pause`)
      .set('Authorization', `Bearer ${token}`);
    expect(paused.body, JSON.stringify(paused.body)).toMatchObject({ status: 2 });
    await runJobs(w.t);
    expect(await curatedMails('member@acme.example.com', "Marcus's hires")).toEqual([
      "New curated candidate for Marcus's hires: 1",
    ]);
  });

  it('tells nobody of candidates curated into a project of a company suspended before the job runs', async () => {
    await curate(w.projects.acme, ['Ivy', 'Eve']);
    const suspended = await w.as('admin').put('/companies/status', { ids: [`Company:${w.companies.acme}`], status: 2 });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    await runJobs(w.t);
    expect(await curatedMails('owner@acme.example.com', 'Acme engineers')).toEqual([]);
  });
});
