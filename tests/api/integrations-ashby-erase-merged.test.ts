/**
 * An erasure of a person whom a recruiter merged into another Ashby record before the product's next sync: the
 * link still names the merged-away id, which Ashby no longer finds. The erasure follows the application first, as
 * the sync does (`application.info` names the survivor), and lists the survivor for the company, as it does once a
 * sync has followed the merge; a not-found of the merged id is never counted as erased, nor is the survivor, whom
 * the product did not make, anonymised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AshbyStandIn } from '../helpers/ats/ashby';
import { atsStandIns } from '../helpers/ats/vendors';
import { lastRun, ok, people, projectWith, type People, eraseForAts } from '../helpers/ats/world';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let ashby: AshbyStandIn;
let p: People;
let id: number;

const SHORTLIST = 2;

beforeAll(async () => {
  t = await testApp();
  [ashby] = await atsStandIns(t.config, ['ashby'], { maxRetryWaitMs: 2000, retries: 1 });
  p = await people(t);
  const res = await p.admin.post('/integrations/add', { kind: 'ashby', apiKey: ashby.apiKey });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  id = res.body.id;
  await runJobs(t);
}, 120_000);
afterAll(async () => {
  await t?.knex.destroy();
});

describe('An erasure after a merge in Ashby, before the next sync', () => {
  it('follows the application to the survivor and lists it for the company, erasing nothing', async () => {
    const {
      project: { id: project },
      candidates: [candidate],
    } = await projectWith(t, 'Ashby erase after merge', 1, SHORTLIST, 470);
    ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: 'job-eng' }), 'link');
    expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
    await runJobs(t);
    expect(await lastRun(t, id)).toMatchObject({ created: 1, failed: 0 });
    const link = await t.knex('integration_links').where({ integration_id: id, local_kind: 2 }).first();
    expect(link).toMatchObject({ remote_person_created: true });

    // A recruiter merges the person the product made into the company's own, older record; no sync since.
    const own = 'held-by-acme';
    ashby.candidates.push({
      id: own,
      name: 'Own Record',
      email: 'own-record@example.com',
      createdAt: '2020-01-01T00:00:00.000Z',
      applicationIds: [],
    });
    ashby.mergeCandidate(link.remote_candidate_id, own);

    const { records } = await eraseForAts(t, p, candidate);
    expect(records).toEqual([
      expect.objectContaining({
        remoteId: link.remote_id,
        remoteCandidateId: own,
        personCreated: false,
        outcome: 'listed',
        reason: 'notCreatedHere',
      }),
    ]);
    expect(ashby.calls.filter((c) => c.path === '/candidate.anonymize')).toEqual([]);
    expect(ashby.candidates.find((c) => c.id === own)).not.toHaveProperty('isAnonymized');
    // The company is told to erase the application in Ashby itself.
    const told = await t
      .knex('outbox_emails')
      .where({ to: 'owner@acme.example.com', subject: 'Records to erase in your ATS' })
      .pluck('text');
    expect(told.some((text: string) => text.includes(`Ashby: record ${link.remote_id}`))).toBe(true);
  });
});
